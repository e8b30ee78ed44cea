// The candidate words of the word lessons: real English words, common in spoken English, and fit
// for a learner to fingerspell. Pure: the lists come in as arguments (make-word-curriculum.ts
// reads them from their npm packages).

export interface FrequencyEntry {
  word: string;
  count: number;
}

export interface CandidateRules {
  minLength: number;
  maxLength: number;
}

export const CANDIDATE_RULES: CandidateRules = { minLength: 3, maxLength: 8 };

/**
 * Left out although they pass every list: SUBTLEX-US counts the subtitles' contractions in pieces
 * ("don't" -> "don" + "t", "ain't", "haven't"), and spoken spellings that are not written words.
 */
export const NOT_WORDS_ON_THEIR_OWN = ['ain', 'don', 'haven', 'gonna', 'gotta', 'wanna', 'outta', 'huh', 'hmm', 'yeah', 'yep', 'nope'] as const;

/** Endings taken off a word to find the word it was made from ("murdered" -> "murder"). */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'y'] as const;

/** The word, or a word it was inflected from, is in `offensive` (a doubled last consonant undone: "shotting" -> "shot"). */
export function isOffensive(word: string, offensive: ReadonlySet<string>): boolean {
  if (offensive.has(word)) return true;
  for (const ending of INFLECTIONS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue;
    const stem = word.slice(0, -ending.length);
    if (offensive.has(stem) || offensive.has(`${stem}e`)) return true;
    if (stem.length > 3 && stem.at(-1) === stem.at(-2) && offensive.has(stem.slice(0, -1))) return true;
  }
  return false;
}

export interface CandidateFilterResult {
  candidates: FrequencyEntry[];
  /** Why words of the right shape were dropped, for the summary. */
  dropped: { notInDictionary: number; offensive: string[]; notWordsOnTheirOwn: string[] };
}

/**
 * The frequency list's entries that are lowercase words of letters a-z only (SUBTLEX writes a
 * word with a capital when it is mostly a name: names are left out), minLength-maxLength letters,
 * in the dictionary, not in the offensive list (any rating), nor made from a word in it by an
 * ending (-s, -ed, -ing, -er...), and not a contraction's piece.
 * Keeps the list's order (most frequent first); each word once.
 */
export function filterCandidates(
  frequencies: readonly FrequencyEntry[],
  dictionary: ReadonlySet<string>,
  offensive: ReadonlySet<string>,
  rules: CandidateRules = CANDIDATE_RULES,
): CandidateFilterResult {
  const shape = new RegExp(`^[a-z]{${rules.minLength},${rules.maxLength}}$`);
  const excluded = new Set<string>(NOT_WORDS_ON_THEIR_OWN);
  const seen = new Set<string>();
  const result: CandidateFilterResult = { candidates: [], dropped: { notInDictionary: 0, offensive: [], notWordsOnTheirOwn: [] } };
  for (const entry of frequencies) {
    if (!shape.test(entry.word) || seen.has(entry.word)) continue;
    seen.add(entry.word);
    if (!dictionary.has(entry.word)) result.dropped.notInDictionary++;
    else if (isOffensive(entry.word, offensive)) result.dropped.offensive.push(entry.word);
    else if (excluded.has(entry.word)) result.dropped.notWordsOnTheirOwn.push(entry.word);
    else result.candidates.push({ word: entry.word, count: entry.count });
  }
  return result;
}

/** The `perLength` most frequent candidates of each length, so short and long words both come. */
export function mostFrequentPerLength(candidates: readonly FrequencyEntry[], perLength: number, rules: CandidateRules = CANDIDATE_RULES): FrequencyEntry[] {
  const pool: FrequencyEntry[] = [];
  for (let length = rules.minLength; length <= rules.maxLength; length++) {
    const ofLength = candidates.filter((c) => c.word.length === length);
    if (ofLength.length < perLength) throw new Error(`only ${ofLength.length} candidate words of ${length} letters, ${perLength} wanted`);
    pool.push(...ofLength.slice(0, perLength));
  }
  return pool;
}
