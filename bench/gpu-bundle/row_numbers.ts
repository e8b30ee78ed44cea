// Small number helpers the GPU bundle's rows share (tracker_row.ts, overlap_row.ts): each row file
// runs its own main() when loaded, so they cannot import from one another.

/** Frame index `i` of a walk 0, 1, ..., count - 1, count - 2, ..., 1, 0, 1, ... */
export function pingPong(i: number, count: number): number {
  if (count < 2) return 0;
  const k = i % (2 * (count - 1));
  return k < count ? k : 2 * (count - 1) - k;
}

export function round(x: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(x * scale) / scale;
}
