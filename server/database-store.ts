// How the database stand-in keeps its data on disk: a snapshot (`database.json`, the whole tree)
// plus an append-only journal of every write since (`database.journal.<n>.jsonl`, one JSON line
// a write). A write is acknowledged to the client only once its journal line is on disk
// (fdatasync), so a crash (SIGKILL, power loss) loses nothing acknowledged; a write costs its own
// bytes plus a share of one fdatasync, never a rewrite of the tree.
//
// Compaction: on start, the snapshot and the journal are folded into a new snapshot and the
// journal removed; while running, when the journal passes `rotateBytes` a new journal file is
// started and the snapshot rewritten from the live tree; on a clean stop, the same. Each step is
// crash-safe (tree-operations.ts: replaying is idempotent over any snapshot that holds a prefix).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Journal, journalFiles, readJournals, removeFilesDurably, writeFileDurably } from './durable-file.ts';
import { applyWrite, normalizeValue, type TreeValue, type TreeWrite } from './tree-operations.ts';

/** A journal line: o = 's' (set) or 'u' (update), p = path, v = value. */
type JournalEntry = { o: 's' | 'u'; p: string; v: unknown };

const toEntry = (write: TreeWrite): JournalEntry => ({ o: write.op === 'set' ? 's' : 'u', p: write.path, v: write.value });
const fromEntry = (entry: JournalEntry): TreeWrite =>
  entry.o === 'u' ? { op: 'update', path: entry.p, value: entry.v as Record<string, unknown> } : { op: 'set', path: entry.p, value: entry.v };

export function journalPrefix(dataFile: string): string {
  return dataFile.replace(/\.json$/, '') + '.journal';
}

export interface Recovery {
  tree: TreeValue | null;
  /** Journal lines replayed over the snapshot. */
  replayed: number;
  /** Lines cut off by a crash (never acknowledged), dropped. */
  droppedLines: number;
  ms: number;
}

/**
 * The snapshot's tree (null when there is none). A snapshot that is not JSON is never repaired or
 * replaced here: it may be all a learner has, so the error names it and says how to go on.
 */
function readSnapshot(dataFile: string): TreeValue | null {
  if (!existsSync(dataFile)) return null;
  const text = readFileSync(dataFile, 'utf8');
  try {
    return normalizeValue(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `The database file ${dataFile} is damaged (${(error as Error).message}) and was left untouched. ` +
        `Restore it from a copy, or move it aside to start with an empty database (the content is seeded again): mv "${dataFile}" "${dataFile}.damaged"`,
    );
  }
}

/** Reads snapshot + journal, writes the folded snapshot, removes the journal. */
export function recoverDatabase(dataFile: string): Recovery {
  const started = Date.now();
  mkdirSync(dirname(dataFile), { recursive: true });
  let tree = readSnapshot(dataFile);
  const files = journalFiles(journalPrefix(dataFile)).map((j) => j.file);
  const { entries, droppedLines } = readJournals<JournalEntry>(files);
  for (const entry of entries) tree = applyWrite(tree, fromEntry(entry));
  if (files.length > 0 || !existsSync(dataFile)) {
    writeFileDurably(dataFile, JSON.stringify(tree));
    removeFilesDurably(files);
  }
  return { tree, replayed: entries.length, droppedLines, ms: Date.now() - started };
}

export interface DatabaseStore {
  /** Resolves once the write is on disk; only then may it be acknowledged. */
  persist(write: TreeWrite): Promise<void>;
  /** Starts a new journal file, writes a snapshot of the live tree and removes the older journal. */
  compact(): Promise<void>;
  /** Waits for pending writes, compacts, closes. */
  close(): Promise<void>;
  stats(): { appends: number; bytes: number; syncs: number; compactions: number };
}

export function openDatabaseStore(options: {
  dataFile: string;
  /** The live tree (the stand-in's own copy), for compaction. */
  snapshot: () => Promise<unknown>;
  /** Start a new journal file and compact past this size (default 64 MB). */
  rotateBytes?: number;
  log?: (line: string) => void;
}): DatabaseStore {
  const prefix = journalPrefix(options.dataFile);
  let compactions = 0;
  let compacting: Promise<void> | null = null;
  const compactOlder = async (older: string[]) => {
    // Every line of `older` is on disk and applied to the live tree, so a snapshot taken now covers them.
    const tree = await options.snapshot();
    writeFileDurably(options.dataFile, JSON.stringify(normalizeValue(tree)));
    removeFilesDurably(older.filter((file) => existsSync(file)));
    compactions += 1;
  };
  const journal = new Journal(prefix, 1, {
    rotateBytes: options.rotateBytes ?? 64 * 2 ** 20,
    onRotate: (older) => {
      compacting = (compacting ?? Promise.resolve())
        .then(() => compactOlder(older))
        .catch((error: unknown) => options.log?.(`database: compaction failed (the journal is kept): ${(error as Error).message}`))
        .finally(() => (compacting = null));
    },
  });
  return {
    persist: (write) => journal.append(toEntry(write)),
    async compact() {
      const older = await journal.rotate();
      while (compacting) await compacting;
      await compactOlder(older);
    },
    async close() {
      await this.compact();
      await journal.close();
    },
    stats: () => ({ ...journal.stats, compactions }),
  };
}
