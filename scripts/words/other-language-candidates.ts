// The words to fingerspell in a sign language other than American (docs/engineer/second-language.md): common words of its
// spoken language that a spelling dictionary accepts, that are not offensive, and that the sign
// language's manual alphabet can spell, 3-8 of its letters. Pure: the lists and the dictionary come
// in as arguments (make-other-word-curricula.ts reads them from their npm packages).
import { lettersOfWord } from '../../src/lib/data/word-letters.ts';
import { CANDIDATE_RULES, type CandidateRules } from './word-candidates.ts';

export interface OtherLanguageWordInput {
  /** Common words of the spoken language, lowercase (stopwords-iso: unordered, some misspelt). */
  common: readonly string[];
  /** Whether the spelling dictionary accepts a word as written. */
  accepts: (word: string) => boolean;
  /** Offensive words, lowercase. */
  offensive: ReadonlySet<string>;
  /** Left out by hand although the dictionary accepts them, lowercase (a suffix its affix rules make a word). */
  notWords?: readonly string[];
  /** The manual alphabet's letters, as the curriculum names them (ÖGS: A-Z, Ä, Ö, Ü, ẞ, SCH). */
  alphabet: readonly string[];
  /** BCP 47 tag of the spoken language: its capitals and its alphabetical order. */
  locale: string;
}

export interface ChosenWord {
  /** In capitals, as the lesson shows it: GROẞ, SCHON, AGORA. */
  word: string;
  /** The alphabet's letters that spell it: SCH, O, N. */
  letters: string[];
}

export interface OtherLanguageWords {
  /** Shortest first (in letters signed), then alphabetical in the spoken language. */
  words: ChosenWord[];
  /** Each dropped word under the first rule that dropped it, in the list's order. */
  dropped: { notAWord: string[]; notInDictionary: string[]; notWords: string[]; offensive: string[]; notInAlphabet: string[]; length: string[] };
}

/** A word is accepted when the dictionary accepts it lowercase or capitalised (German nouns: Jahr, Mensch). */
export function dictionaryAccepts(word: string, accepts: (word: string) => boolean, locale: string): boolean {
  return accepts(word) || accepts(word.charAt(0).toLocaleUpperCase(locale) + word.slice(1));
}

/**
 * A word in capitals as fingerspelled: ß becomes the capital ẞ (the ÖGS alphabet's letter), not the
 * SS that toUpperCase gives.
 */
export function toCapitals(word: string, locale: string): string {
  return word.replace(/ß/g, 'ẞ').toLocaleUpperCase(locale);
}

/**
 * The words of `common` kept, in order: a single word of letters (no "z.b", "d.h"), accepted by the
 * dictionary and not one of `notWords`, not offensive, spelled wholly with the alphabet's letters (a letter it lacks, such as
 * Portuguese Ã or É, drops the word: spelling it without the accent would teach a misspelling),
 * rules.minLength-maxLength of its letters. Each word once.
 */
export function chooseOtherLanguageWords(input: OtherLanguageWordInput, rules: CandidateRules = CANDIDATE_RULES): OtherLanguageWords {
  const result: OtherLanguageWords = { words: [], dropped: { notAWord: [], notInDictionary: [], notWords: [], offensive: [], notInAlphabet: [], length: [] } };
  const seen = new Set<string>();
  const notWords = new Set(input.notWords ?? []);
  for (const raw of input.common) {
    const word = raw.trim().toLocaleLowerCase(input.locale);
    if (seen.has(word)) continue;
    seen.add(word);
    if (!/^\p{Ll}+$/u.test(word)) result.dropped.notAWord.push(word);
    else if (!dictionaryAccepts(word, input.accepts, input.locale)) result.dropped.notInDictionary.push(word);
    else if (notWords.has(word)) result.dropped.notWords.push(word);
    else if (input.offensive.has(word)) result.dropped.offensive.push(word);
    else {
      const capitals = toCapitals(word, input.locale);
      const letters = lettersOfWord(capitals, input.alphabet);
      if (!letters) result.dropped.notInAlphabet.push(word);
      else if (letters.length < rules.minLength || letters.length > rules.maxLength) result.dropped.length.push(word);
      else result.words.push({ word: capitals, letters });
    }
  }
  const collator = new Intl.Collator(input.locale);
  result.words.sort((a, b) => a.letters.length - b.letters.length || collator.compare(a.word, b.word));
  return result;
}
