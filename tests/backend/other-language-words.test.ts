// The rules that choose the words of the other languages' word lessons (docs/engineer/second-language.md), on hand-made
// lists: the real lists and dictionaries are tested through the generated curricula
// (content.test.ts). The dictionary here is a set of accepted spellings.
import { describe, expect, test } from 'vitest';
import { chooseOtherLanguageWords, toCapitals } from '../../scripts/words/other-language-candidates.ts';

const ASQ = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'SCH', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'Ä', 'Ö', 'Ü', 'ẞ'];
const BZS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'Ç'];

describe('chooseOtherLanguageWords', () => {
  test('German: dictionary (lowercase or capitalised), offensive list, ß as ẞ, SCH counted as one letter, 3-8 letters, shortest then alphabetical', () => {
    const dictionary = new Set(['schon', 'groß', 'über', 'aber', 'Jahr', 'dass', 'ab', 'dementsprechend', 'mist']);
    const chosen = chooseOtherLanguageWords({
      common: ['unse', 'schon', 'groß', 'über', 'aber', 'jahr', 'dass', 'daß', 'ab', 'dementsprechend', 'z.b', 'mist', 'schon'],
      accepts: (word) => dictionary.has(word),
      offensive: new Set(['mist']),
      alphabet: ASQ,
      locale: 'de-AT',
    });
    expect(chosen.words.map((w) => w.word)).toEqual(['SCHON', 'ABER', 'DASS', 'GROẞ', 'JAHR', 'ÜBER']);
    expect(chosen.words[0]!.letters).toEqual(['SCH', 'O', 'N']);
    expect(chosen.dropped).toEqual({ notAWord: ['z.b'], notInDictionary: ['unse', 'daß'], notWords: [], offensive: ['mist'], notInAlphabet: [], length: ['ab', 'dementsprechend'] });
  });

  test('Portuguese: Ç kept, a word with a letter the alphabet lacks (Ã, É) left out', () => {
    const chosen = chooseOtherLanguageWords({
      common: ['faço', 'não', 'até', 'agora', 'bem', 'ista'],
      accepts: () => true,
      offensive: new Set(),
      notWords: ['ista'],
      alphabet: BZS,
      locale: 'pt-BR',
    });
    expect(chosen.words.map((w) => w.word)).toEqual(['BEM', 'FAÇO', 'AGORA']);
    expect(chosen.dropped.notInAlphabet).toEqual(['não', 'até']);
    expect(chosen.dropped.notWords).toEqual(['ista']);
  });

  test('toCapitals keeps ß one letter', () => {
    expect(toCapitals('straße', 'de-AT')).toBe('STRAẞE');
    expect('straße'.toLocaleUpperCase('de-AT')).toBe('STRASSE');
  });
});
