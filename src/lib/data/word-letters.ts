// The letters that spell a word in a language's manual alphabet: ÖGS writes SCH as one
// letter, so SCHON is SCH, O, N, not five letters. Here in the app's data (not the engine) because
// the curriculum, which the landing page's stats read, needs it, and the landing page carries no
// engine code; the engine's word practice takes it as its `WordLetters`.

/**
 * The letters of `alphabet` that spell `word`, in order, or null when the word holds something the
 * alphabet lacks. The longest letter that fits is taken first (SCH before S).
 */
export function lettersOfWord(word: string, alphabet: readonly string[]): string[] | null {
  const longestFirst = [...alphabet].sort((a, b) => b.length - a.length);
  const letters: string[] = [];
  for (let at = 0; at < word.length; ) {
    const letter = longestFirst.find((candidate) => candidate.length > 0 && word.startsWith(candidate, at));
    if (letter === undefined) return null;
    letters.push(letter);
    at += letter.length;
  }
  return letters.length > 0 ? letters : null;
}
