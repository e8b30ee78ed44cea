// Files that survive a crash (SIGKILL, power loss): an append-only journal whose appends resolve
// only once they are on disk (fdatasync), and whole files replaced atomically (write a temporary
// file, fsync it, rename it over the old one, fsync the folder). Used by the database stand-in
// and by the Auth emulator's journal (database-store.ts, auth-store.ts).
//
// Group commit: appends that arrive while a write + fdatasync is under way are written together
// by the next one, so under load many writes share one fdatasync and the cost per write is its
// own bytes plus a share of one sync.
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Makes a folder's entries (a file created, renamed or removed in it) durable. */
export function fsyncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces `file` with `data` so that after a crash it holds either the old or the new content. */
export function writeFileDurably(file: string, data: string | Uint8Array): void {
  const temp = `${file}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  fsyncFolder(dirname(file));
}

/** Journal files of one store: `<prefix>.<generation>.jsonl`, oldest first. */
export function journalFiles(prefix: string): Array<{ file: string; generation: number }> {
  const folder = dirname(prefix);
  if (!existsSync(folder)) return [];
  const name = basename(prefix);
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.jsonl$`);
  return readdirSync(folder)
    .map((entry) => ({ entry, match: pattern.exec(entry) }))
    .filter((x): x is { entry: string; match: RegExpExecArray } => x.match !== null)
    .map(({ entry, match }) => ({ file: join(folder, entry), generation: Number(match[1]) }))
    .sort((a, b) => a.generation - b.generation);
}

export interface JournalRead<T> {
  entries: T[];
  /** Lines dropped from the end of the last file: writes a crash interrupted, never acknowledged. */
  droppedLines: number;
}

/**
 * Reads journal files in order. In the last file, the first line that is incomplete or
 * unreadable and every line after it are dropped: they lie beyond the last completed sync (every
 * synced line is whole), so none of them was ever acknowledged. In an older file (fully synced
 * before the next one was started) an unreadable line is corruption, and reading stops with an
 * error naming the file and line rather than starting on a silently shortened history.
 */
export function readJournals<T>(files: string[]): JournalRead<T> {
  const entries: T[] = [];
  let droppedLines = 0;
  files.forEach((file, fileIndex) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    // A complete file ends with '\n', which leaves one empty string after the last line.
    if (lines[lines.length - 1] === '') lines.pop();
    const isLast = fileIndex === files.length - 1;
    for (let index = 0; index < lines.length; index += 1) {
      try {
        entries.push(JSON.parse(lines[index]!) as T);
      } catch (error) {
        if (!isLast) throw new Error(`journal ${file} line ${index + 1} is unreadable (${(error as Error).message}); the store is corrupt, not just cut off by a crash`);
        droppedLines = lines.length - index;
        break;
      }
    }
  });
  return { entries, droppedLines };
}

export function removeFilesDurably(files: string[]): void {
  if (files.length === 0) return;
  for (const file of files) unlinkSync(file);
  fsyncFolder(dirname(files[0]!));
}

export interface JournalStats {
  appends: number;
  bytes: number;
  syncs: number;
}

/**
 * An append-only journal of JSON lines. `append` resolves once the line is on disk. When the
 * current file passes `rotateBytes` (or `rotate()` is called), the next batch starts a new
 * generation and the older files are handed over (`onRotate`, or `rotate()`'s result): by then
 * every line of them is on disk, so the owner can write a snapshot that covers them and delete
 * them (compaction without stopping writes). Only the flush loop touches the file, so appends,
 * syncs and rotations never race.
 */
export class Journal {
  private handle: FileHandle | null = null;
  private generation: number;
  private fileBytes = 0;
  private queue: Array<{ line: string; resolve: () => void; reject: (error: Error) => void }> = [];
  private rotationWaiters: Array<(older: string[]) => void> = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  readonly stats: JournalStats = { appends: 0, bytes: 0, syncs: 0 };

  constructor(
    private readonly prefix: string,
    firstGeneration: number,
    private readonly options: { rotateBytes?: number; onRotate?: (olderFiles: string[]) => void } = {},
  ) {
    this.generation = firstGeneration;
  }

  get currentFile(): string {
    return `${this.prefix}.${this.generation}.jsonl`;
  }

  /** Resolves when the entry is durable; rejects (and so do all later appends) if the disk failed. */
  append(entry: unknown): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const line = `${JSON.stringify(entry)}\n`;
    const done = new Promise<void>((resolve, reject) => this.queue.push({ line, resolve, reject }));
    this.flushing ??= this.flush();
    return done;
  }

  /** Starts a new file after the pending appends; resolves with the older files (all on disk). */
  rotate(): Promise<string[]> {
    const done = new Promise<string[]>((resolve) => this.rotationWaiters.push(resolve));
    this.flushing ??= this.flush();
    return done;
  }

  private async flush(): Promise<void> {
    try {
      while ((this.queue.length > 0 || this.rotationWaiters.length > 0) && !this.failure) {
        const batch = this.queue.splice(0);
        if (batch.length > 0) {
          try {
            if (!this.handle) {
              this.handle = await open(this.currentFile, 'a');
              fsyncFolder(dirname(this.currentFile));
              this.fileBytes = (await this.handle.stat()).size;
            }
            const data = Buffer.from(batch.map((item) => item.line).join(''), 'utf8');
            await this.handle.write(data);
            await this.handle.datasync();
            this.fileBytes += data.length;
            this.stats.appends += batch.length;
            this.stats.bytes += data.length;
            this.stats.syncs += 1;
            for (const item of batch) item.resolve();
          } catch (error) {
            this.failure = new Error(`journal ${this.currentFile}: ${(error as Error).message}`);
            for (const item of [...batch, ...this.queue.splice(0)]) item.reject(this.failure);
            for (const waiter of this.rotationWaiters.splice(0)) waiter([]);
            return;
          }
        }
        const waiters = this.rotationWaiters.splice(0);
        const full = this.options.rotateBytes !== undefined && this.fileBytes >= this.options.rotateBytes;
        if (waiters.length > 0 || full) {
          const older = journalFiles(this.prefix).map((j) => j.file);
          await this.handle?.close();
          this.handle = null;
          this.generation += 1;
          this.fileBytes = 0;
          if (waiters.length > 0) for (const waiter of waiters) waiter(older);
          else this.options.onRotate?.(older);
        }
      }
    } finally {
      this.flushing = null;
      // Work that arrived after the loop's last check starts the next round.
      if ((this.queue.length > 0 || this.rotationWaiters.length > 0) && !this.failure) this.flushing = this.flush();
    }
  }

  /** Waits for every pending append, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = null;
  }
}
