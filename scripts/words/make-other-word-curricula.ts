// `npm run content:words-other`: the word lessons of levels 4-10 for the sign languages other than
// American (product.md §4.10 Sign language): Austrian (ÖGS, German words) and Brazilian (Libras, Portuguese words). No
// word-frequency list of German or Portuguese is on npm, so the words are the common words of
// stopwords-iso, kept when a hunspell spelling dictionary accepts them (a filter only: the
// dictionaries are neither shipped nor copied), when they are not offensive, and when the manual
// alphabet can spell them; shortest first, then alphabetical. The lessons are laid out as
// American's (word-levels.ts). Writes, per language,
//   src/lib/data/word-curriculum-{code}.json   the levels, chapters and lessons (curriculum.ts reads it)
//   data/words/{code}.md                       sources, licences, method, every word kept and dropped
// The same inputs give the same files, byte for byte. `--check` writes nothing and fails when the
// committed files differ from what the inputs give.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import dictionaryDeAt from 'dictionary-de-at';
import dictionaryPt from 'dictionary-pt';
import { lettersOfLanguage, signLanguage } from '../../src/lib/data/languages.ts';
import { loadHunspellCheck, type HunspellFiles } from './hunspell-dictionary.ts';
import { FIRST_WORD_LEVEL } from './make-word-curriculum.ts';
import { chooseOtherLanguageWords, type OtherLanguageWords } from './other-language-candidates.ts';
import { fileHolds } from './file-holds.ts';
import { CANDIDATE_RULES } from './word-candidates.ts';
import { layOutWordLevels, WORD_LEVEL_LAYOUT, type WordLevel } from './word-levels.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const packageVersion = (name: string): string => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

interface WordSource {
  /** The sign language's key (languages.ts). */
  language: string;
  spoken: string;
  /** Capitals and alphabetical order. */
  locale: string;
  /** The spoken language's key in stopwords-iso and naughty-words. */
  iso: string;
  dictionary: { package: string; files: HunspellFiles; licence: string; about: string };
  /** Accepted by the dictionary but no word on its own (checked by hand in the kept list). */
  notWords: readonly string[];
}

/** The languages with word lessons built here. */
export const OTHER_WORD_LANGUAGES: readonly WordSource[] = [
  {
    language: 'asq',
    spoken: 'German',
    locale: 'de-AT',
    iso: 'de',
    dictionary: {
      package: 'dictionary-de-at',
      files: dictionaryDeAt,
      licence: 'GPL-2.0 OR GPL-3.0',
      about: "Austrian German, from Björn Jacke's igerman98 (reformed spelling: dass, not daß)",
    },
    notWords: [],
  },
  {
    language: 'bzs',
    spoken: 'Portuguese',
    locale: 'pt-BR',
    iso: 'pt',
    dictionary: {
      package: 'dictionary-pt',
      files: dictionaryPt,
      licence: 'LGPL-3.0 OR MPL-2.0, used under MPL-2.0',
      about: 'Brazilian Portuguese, the VERO dictionary of the Brazilian LibreOffice community (Raimundo Moura)',
    },
    // The suffix -ista: the dictionary's affix rules accept it, it is no word on its own.
    notWords: ['ista'],
  },
];

export const wordCurriculumFile = (language: string) => join(ROOT, 'src', 'lib', 'data', `word-curriculum-${language}.json`);
export const wordReportFile = (language: string) => join(ROOT, 'data', 'words', `${language}.md`);

export interface GeneratedOtherWordCurriculum {
  language: string;
  levels: WordLevel[];
  json: string;
  report: string;
}

/** Builds one language's word levels and report from the installed packages. */
export async function generateOtherWordCurriculum(source: WordSource): Promise<GeneratedOtherWordCurriculum> {
  const stopwords = (require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>)[source.iso]!;
  const offensiveList = require(`naughty-words/${source.iso}.json`) as string[];
  const accepts = await loadHunspellCheck(source.dictionary.files, source.dictionary.package);
  const alphabet = lettersOfLanguage(source.language);
  const chosen = chooseOtherLanguageWords({
    common: stopwords,
    accepts,
    offensive: new Set(offensiveList.map((w) => w.toLocaleLowerCase(source.locale))),
    notWords: source.notWords,
    alphabet,
    locale: source.locale,
  });
  const letterCount = new Map(chosen.words.map((w) => [w.word, w.letters.length]));
  const levels = layOutWordLevels(chosen.words.map((w) => w.word), WORD_LEVEL_LAYOUT, (word) => letterCount.get(word) ?? word.length);
  const curriculum = { generatedBy: 'npm run content:words-other (scripts/words/make-other-word-curricula.ts)', levels };
  // One lesson a line: ["ABER", "ALLE", "AUCH"].
  const json = `${JSON.stringify(curriculum, null, 1).replace(/\[\n\s*("\p{Lu}+"(?:,\n\s*"\p{Lu}+")*)\n\s*\]/gu, (_, words: string) => `[${words.replace(/,\n\s*/g, ', ')}]`)}\n`;
  return { language: source.language, levels, json, report: report(source, stopwords.length, offensiveList.length, chosen, levels, letterCount) };
}

function report(source: WordSource, listSize: number, offensiveSize: number, chosen: OtherLanguageWords, levels: WordLevel[], letterCount: ReadonlyMap<string, number>): string {
  const name = signLanguage(source.language).name;
  const d = chosen.dropped;
  const list = (words: readonly string[]) => (words.length ? words.join(', ') : 'none');
  const alphabet = lettersOfLanguage(source.language);
  const lines: string[] = [
    `# Words to fingerspell in ${name} (levels ${FIRST_WORD_LEVEL}-${FIRST_WORD_LEVEL + levels.length - 1})`,
    '',
    'Generated by `npm run content:words-other` (`scripts/words/make-other-word-curricula.ts`); do not edit by hand.',
    `The lessons themselves are in \`src/lib/data/word-curriculum-${source.language}.json\`, which \`src/lib/data/curriculum.ts\``,
    `turns into levels ${FIRST_WORD_LEVEL}-${FIRST_WORD_LEVEL + levels.length - 1} of ${source.language}'s seeded curriculum (\`language/${source.language}/levels\`), after its letter levels 1-3.`,
    '',
    '## Sources and licences',
    '',
    `- **Words**: \`stopwords-iso\` ${packageVersion('stopwords-iso')} (MIT, Gene Diaz), its ${listSize} ${source.spoken} common words (\`${source.iso}\`): the`,
    '  function words and everyday words of the language (pronouns, articles, numbers, common verbs and adverbs).',
    '  The list is unordered and has no counts, and it holds misspellings and fragments: hence the dictionary.',
    `- **Dictionary**: \`${source.dictionary.package}\` ${packageVersion(source.dictionary.package)} (${source.dictionary.licence}), ${source.dictionary.about},`,
    `  read by hunspell compiled to WebAssembly (\`hunspell-asm\` ${packageVersion('hunspell-asm')}, MIT; hunspell itself MPL-1.1 OR GPL-2.0 OR LGPL-2.1).`,
    '  Used only when the lessons are built, to check spelling: the dictionary is a devDependency, neither shipped with',
    '  the app nor copied into the repository, and the generated files hold only words of stopwords-iso that it accepted.',
    `- **Offensive words**: \`naughty-words\` ${packageVersion('naughty-words')} (CC-BY-4.0, the List of Dirty, Naughty, Obscene and Otherwise Bad Words,`,
    `  github.com/LDNOOBW), its ${offensiveSize} ${source.spoken} words and phrases: a word in it is left out.`,
    '',
    'No word-frequency list of ' + source.spoken + ' is on npm (American uses SUBTLEX-US counts, data/words/README.md), so the',
    'words are not ordered by how common they are, and there is no letter-confusion table for this alphabet: shortest first',
    `(in letters signed), then alphabetical (${source.locale} order).`,
    '',
    '## Method',
    '',
    `The alphabet (the letters of levels 1-2): ${alphabet.join(' ')}.`,
    '',
    `1. Each word of the list once, lowercase. Not a single word of letters (${d.notAWord.length}): ${list(d.notAWord)}.`,
    `2. The dictionary must accept it as written or capitalised (${source.spoken === 'German' ? 'German nouns: Jahr, Mensch' : 'names are not in the list'}). Refused (${d.notInDictionary.length}): ${list(d.notInDictionary)}.`,
    `   Accepted by it but no word on their own, left out by hand after reading the kept list (${d.notWords.length}): ${list(d.notWords)}.`,
    `3. Not an offensive word (${d.offensive.length} left out): ${list(d.offensive)}.`,
    `4. In capitals${source.language === 'asq' ? ' (ß as the capital ẞ, a letter of the ÖGS alphabet)' : ''}, spelled wholly with the alphabet's letters, the longest letter that fits first${source.language === 'asq' ? ' (SCHON: SCH, O, N)' : ''}.`,
    `   A word with a letter the alphabet lacks is left out rather than spelled without its accent, which would teach a misspelling (${d.notInAlphabet.length}): ${list(d.notInAlphabet)}.`,
    `5. ${CANDIDATE_RULES.minLength}-${CANDIDATE_RULES.maxLength} letters signed, as American (${d.length.length} left out): ${list(d.length)}.`,
    `6. Levels ${FIRST_WORD_LEVEL}-${FIRST_WORD_LEVEL + levels.length - 1}: the ordered words in ${WORD_LEVEL_LAYOUT.levels} equal runs; a lesson takes the next words while it has at most ${WORD_LEVEL_LAYOUT.maxLessonWords} words and ${WORD_LEVEL_LAYOUT.maxLessonLetters} letters;`,
    `   ${WORD_LEVEL_LAYOUT.lessonsPerChapter} lessons make a chapter, titled by its word lengths and first words (as American, scripts/words/word-levels.ts).`,
    '',
    '## Levels',
    '',
    '| level | words | chapters | lessons | letters per word | words per lesson |',
    '|--:|--:|--:|--:|--:|--:|',
  ];
  const wordsOf = (level: WordLevel) => level.chapters.flatMap((c) => c.lessons.flat());
  levels.forEach((level, i) => {
    const lessons = level.chapters.flatMap((c) => c.lessons);
    const lengths = wordsOf(level).map((w) => letterCount.get(w)!);
    const perLesson = lessons.map((l) => l.length);
    lines.push(`| ${FIRST_WORD_LEVEL + i} | ${lengths.length} | ${level.chapters.length} | ${lessons.length} | ${Math.min(...lengths)}-${Math.max(...lengths)} | ${Math.min(...perLesson)}-${Math.max(...perLesson)} |`);
  });
  const all = levels.flatMap(wordsOf);
  lines.push(`| all | ${all.length} (${new Set(all).size} distinct) | ${levels.reduce((n, l) => n + l.chapters.length, 0)} | ${levels.reduce((n, l) => n + l.chapters.reduce((m, c) => m + c.lessons.length, 0), 0)} | | |`, '');
  levels.forEach((level, i) => {
    lines.push(`### Level ${FIRST_WORD_LEVEL + i}`, '');
    level.chapters.forEach((chapter, c) => {
      lines.push(`${c + 1}. ${chapter.title}`);
      for (const lesson of chapter.lessons) lines.push(`   - ${lesson.join(', ')}`);
    });
    lines.push('');
  });
  return lines.join('\n');
}

async function main(args: readonly string[]): Promise<void> {
  for (const source of OTHER_WORD_LANGUAGES) {
    const generated = await generateOtherWordCurriculum(source);
    const [jsonFile, reportFile] = [wordCurriculumFile(source.language), wordReportFile(source.language)];
    const count = generated.levels.flatMap((l) => l.chapters.flatMap((c) => c.lessons.flat())).length;
    if (args.includes('--check')) {
      if (!fileHolds(jsonFile, generated.json) || !fileHolds(reportFile, generated.report)) {
        console.error(`content:words-other: ${source.language}'s committed word curriculum is out of date: run \`npm run content:words-other\``);
        process.exit(1);
      }
      console.log(`content:words-other: ${source.language} up to date (${count} words)`);
      continue;
    }
    writeFileSync(jsonFile, generated.json);
    writeFileSync(reportFile, generated.report);
    console.log(`content:words-other: ${source.language}: ${count} words in ${generated.levels.length} levels (${generated.levels.map((l, i) => `level ${FIRST_WORD_LEVEL + i}: ${l.chapters.flatMap((c) => c.lessons.flat()).length}`).join(', ')}) -> ${jsonFile.slice(ROOT.length + 1)}, ${reportFile.slice(ROOT.length + 1)}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) await main(process.argv.slice(2));
