// How easily each letter is mistaken for another, from the committed confusion tables
// (bench/confusion.md): the angle rule's table with contiguous folds, the one that measures how
// alike the letters' handshapes are (the lenient rule accepts a letter's frames as every letter of
// a similar shape; the stricter modes are built to hide exactly that).

export const CONFUSION_TABLE_HEADING = '### Mode `spec`, 4 contiguous folds';

/** tested letter -> reference letter -> percent of the tested letter's frames accepted. */
export type ConfusionTable = Map<string, Map<string, number>>;

/** Reads the table under `heading` from bench/confusion.md's markdown. Throws when it is missing or malformed. */
export function parseConfusionTable(markdown: string, heading = CONFUSION_TABLE_HEADING): ConfusionTable {
  const start = markdown.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`confusion table "${heading}" not found`);
  const lines = markdown.slice(start).split('\n');
  const header = lines.find((line) => line.startsWith('| tested \\ ref |'));
  if (!header) throw new Error(`confusion table "${heading}": no header row`);
  const columns = header.split('|').slice(2, -1).map((c) => c.trim());
  const table: ConfusionTable = new Map();
  for (const line of lines.slice(lines.indexOf(header) + 2)) {
    const row = /^\| \*\*([A-Z])\*\* \|/.exec(line);
    if (!row) break;
    const cells = line.split('|').slice(2, -1).map((c) => c.trim().replace(/\*/g, ''));
    const percents = new Map<string, number>();
    columns.forEach((column, i) => {
      if (/^[A-Z]$/.test(column)) percents.set(column, cells[i] === '' ? 0 : Number(cells[i]));
    });
    if ([...percents.values()].some((v) => !Number.isFinite(v))) throw new Error(`confusion table "${heading}": bad row ${row[1]}`);
    table.set(row[1]!, percents);
  }
  if (table.size !== 26) throw new Error(`confusion table "${heading}": ${table.size} letters, expected 26`);
  return table;
}

/**
 * Each letter's confusability, 0-1: the mean over the 25 other letters of the larger of the two
 * ways they are taken for each other (A's frames accepted as E, E's as A), in percent / 100.
 */
export function letterConfusability(table: ConfusionTable): Map<string, number> {
  const letters = [...table.keys()].sort();
  const result = new Map<string, number>();
  for (const letter of letters) {
    let sum = 0;
    for (const other of letters) {
      if (other === letter) continue;
      sum += Math.max(table.get(letter)!.get(other) ?? 0, table.get(other)!.get(letter) ?? 0) / 100;
    }
    result.set(letter, Math.round((sum / (letters.length - 1)) * 1000) / 1000);
  }
  return result;
}
