// The Realtime Database's two writes on a plain JSON tree, as the journal replays them: `set`
// replaces the value at a path (null deletes it), `update` sets several child paths at once
// (a multi-path update). Like the database: arrays are stored as objects keyed "0", "1", ...,
// nulls are not stored, and a node left without children disappears.
//
// Replaying is idempotent, and replaying a journal over a snapshot that already holds any prefix
// of it gives the same tree as replaying it over the snapshot before it (every write sets whole
// paths, so what it leaves depends only on what it does not cover). Compaction relies on this:
// a snapshot may be taken while writes go on, and a crash between writing the snapshot and
// deleting the journal it covers loses nothing and doubles nothing.

export type Tree = { [key: string]: TreeValue };
export type TreeValue = string | number | boolean | Tree;

export type TreeWrite = { op: 'set'; path: string; value: unknown } | { op: 'update'; path: string; value: Record<string, unknown> };

export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A value as the database stores it: arrays become objects, nulls and empty objects vanish;
 * null when nothing is left. */
export function normalizeValue(value: unknown): TreeValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return null;
  const out: Tree = {};
  const entries = Array.isArray(value) ? value.map((entry, index) => [String(index), entry] as const) : Object.entries(value as Record<string, unknown>);
  for (const [key, entry] of entries) {
    // '.priority' and '.value' are the wire format's metadata, not data.
    if (key === '.priority') continue;
    if (key === '.value') return normalizeValue(entry);
    const normalized = normalizeValue(entry);
    if (normalized !== null) out[key] = normalized;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Sets `value` at `path` inside `root` (changed in place); returns the new root (null: empty). */
export function setAt(root: TreeValue | null, path: string, value: unknown): TreeValue | null {
  return setSegments(root, splitPath(path), normalizeValue(value));
}

function setSegments(node: TreeValue | null, segments: string[], value: TreeValue | null): TreeValue | null {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  const object: Tree = node !== null && typeof node === 'object' ? node : {};
  const child = setSegments(object[head] ?? null, rest, value);
  if (child === null) delete object[head];
  else object[head] = child;
  return Object.keys(object).length > 0 ? object : null;
}

export function applyWrite(root: TreeValue | null, write: TreeWrite): TreeValue | null {
  if (write.op === 'set') return setAt(root, write.path, write.value);
  let next = root;
  const base = splitPath(write.path).join('/');
  for (const [relative, value] of Object.entries(write.value)) next = setAt(next, base ? `${base}/${relative}` : relative, value);
  return next;
}

/** The value at a path, or null. */
export function valueAt(root: TreeValue | null, path: string): TreeValue | null {
  let node: TreeValue | null = root;
  for (const segment of splitPath(path)) {
    if (node === null || typeof node !== 'object') return null;
    node = node[segment] ?? null;
  }
  return node;
}
