// How the Auth emulator's accounts survive a crash. firebase-tools saves them only on a clean exit
// (--export-on-exit), so a SIGKILL lost every account made since the last start while the
// database kept their records. Here the accounts live in `<folder>/accounts.json` (+
// `config.json`, the emulator's project config) and a journal beside them: every change a client
// makes through the Auth port is read back from the emulator (as its own export does, with the
// admin credential) and appended to the journal, fsynced, before the client sees the answer
// (auth-proxy.ts). On start the journal is folded into accounts.json and the emulator is loaded
// from it through its REST API (accounts:batchCreate, as `--import` does).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Journal, journalFiles, readJournals, removeFilesDurably, writeFileDurably } from './durable-file.ts';

/** An account as the emulator exports it (accounts:batchGet / accounts:lookup with the admin credential). */
export interface AuthAccount {
  localId: string;
  [field: string]: unknown;
}

/** A journal line: accounts replaced (`put`) or removed (`del`), the whole set (`all`), or the config. */
export interface AuthJournalEntry {
  put?: AuthAccount[];
  del?: string[];
  all?: AuthAccount[];
  config?: unknown;
}

export interface AuthState {
  accounts: AuthAccount[];
  config: unknown;
}

const accountsFile = (folder: string) => join(folder, 'accounts.json');
const configFile = (folder: string) => join(folder, 'config.json');
const journalPrefix = (folder: string) => join(folder, 'journal');

function readJsonIfThere(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function accountsOf(value: unknown): AuthAccount[] {
  const users = (value as { users?: unknown } | undefined)?.users;
  return Array.isArray(users) ? users.filter((u): u is AuthAccount => !!u && typeof (u as AuthAccount).localId === 'string') : [];
}

export function applyAuthEntry(accounts: Map<string, AuthAccount>, state: { config: unknown }, entry: AuthJournalEntry): void {
  if (entry.all) {
    accounts.clear();
    for (const account of entry.all) accounts.set(account.localId, account);
  }
  for (const account of entry.put ?? []) accounts.set(account.localId, account);
  for (const uid of entry.del ?? []) accounts.delete(uid);
  if (entry.config !== undefined) state.config = entry.config;
}

function writeBase(folder: string, state: AuthState): void {
  writeFileDurably(accountsFile(folder), JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users: state.accounts }));
  if (state.config !== undefined && state.config !== null) writeFileDurably(configFile(folder), JSON.stringify(state.config));
}

/**
 * Folds the journal into accounts.json and returns the accounts to load. `legacyExport` is the
 * firebase-tools export folder an older version of this project kept (its auth_export is taken
 * as the starting point once).
 */
export function recoverAuth(folder: string, legacyExport?: string): AuthState & { replayed: number; droppedLines: number } {
  mkdirSync(folder, { recursive: true });
  let base = readJsonIfThere(accountsFile(folder));
  let config = readJsonIfThere(configFile(folder));
  if (base === undefined && legacyExport) {
    base = readJsonIfThere(join(legacyExport, 'auth_export', 'accounts.json'));
    config ??= readJsonIfThere(join(legacyExport, 'auth_export', 'config.json'));
  }
  const accounts = new Map(accountsOf(base).map((account) => [account.localId, account]));
  const state = { config };
  const files = journalFiles(journalPrefix(folder)).map((j) => j.file);
  const { entries, droppedLines } = readJournals<AuthJournalEntry>(files);
  for (const entry of entries) applyAuthEntry(accounts, state, entry);
  const recovered: AuthState = { accounts: [...accounts.values()], config: state.config };
  if (files.length > 0 || !existsSync(accountsFile(folder))) {
    writeBase(folder, recovered);
    removeFilesDurably(files);
  }
  return { ...recovered, replayed: entries.length, droppedLines };
}

export interface AuthStore {
  /** Resolves once the change is on disk. */
  append(entry: AuthJournalEntry): Promise<void>;
  /** Replaces the base with the emulator's current state and removes the journal. */
  compact(current: () => Promise<AuthState>): Promise<void>;
  close(): Promise<void>;
}

export function openAuthStore(folder: string): AuthStore {
  const journal = new Journal(journalPrefix(folder), 1);
  return {
    append: (entry) => journal.append(entry),
    async compact(current) {
      const older = await journal.rotate();
      writeBase(folder, await current());
      removeFilesDurably(older.filter((file) => existsSync(file)));
    },
    close: () => journal.close(),
  };
}
