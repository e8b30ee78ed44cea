// The folds of the signers stage's cross-validation (cross_validate.ts): which photographs judge
// the judge learned from which others. A fold's photographs choose nothing that judges them.

/** How many folds the photographs of unknown people are spread over. */
export const FOLDS = 10;

/**
 * Who is in a photograph, as far as its set says: the adult of `lauren` is one person; the
 * volunteers' sender is not recorded (several people, one of them in many), so each of their
 * photographs is its own group.
 */
export function personOf(photo: string): string {
  return photo.startsWith('lauren/') ? 'lauren' : photo;
}

/**
 * Each photograph's fold: a person known to be in several photographs has a fold of their own
 * (FOLDS, FOLDS + 1, ...: their letters are judged by a judge that never saw them), the other
 * photographs are spread over FOLDS folds, each letter's in turn (stratified: every fold judges
 * about as many of each letter), in name order. Deterministic: the same photographs give the same
 * folds on every machine.
 */
export function photoFolds(photos: readonly { photo: string; letter: string }[], folds = FOLDS): Map<string, number> {
  const byPerson = new Map<string, string[]>();
  for (const { photo } of photos) byPerson.set(personOf(photo), [...(byPerson.get(personOf(photo)) ?? []), photo]);
  const fold = new Map<string, number>();
  let own = folds;
  for (const person of [...byPerson.keys()].sort()) {
    const theirs = byPerson.get(person)!;
    if (theirs.length > 1) {
      for (const photo of theirs) fold.set(photo, own);
      own++;
    }
  }
  let next = 0;
  const alone = photos.filter(({ photo }) => !fold.has(photo)).sort((a, b) => (a.letter === b.letter ? (a.photo < b.photo ? -1 : 1) : a.letter < b.letter ? -1 : 1));
  for (const { photo } of alone) fold.set(photo, next++ % folds);
  return fold;
}
