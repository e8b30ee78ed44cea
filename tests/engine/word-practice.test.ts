// Word lessons (product.md §4.7 Practice flow; docs/teacher.md, "Words to fingerspell"): a word's letters fingerspelled in order through the same practice
// session, with a short pause between letters, the 1 s pause (product.md §4.7) between words, and a repeated
// letter (BOOK's OO) that is judged only after the hand let go of the first one. Then whole words
// replayed from the recorded alphabet through the practice loop in the default (handshape) mode.
import { beforeAll, describe, expect, it } from 'vitest';
import { REPEATED_LETTER_RELEASE_MS, SIGN_COMPLETE_LOCK_MS, WORD_LETTER_PAUSE_MS } from '../../engine/src/core/constants.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import type { PracticeEvent } from '../../engine/src/practice/practice_events.ts';
import { PracticeSession, type PracticeSign } from '../../engine/src/practice/practice_session.ts';
import { spellWords, wordPracticeSigns } from '../../engine/src/practice/word_practice_signs.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { buildPracticeFixture } from '../../engine/src/recordings/build_practice_fixture.ts';
import { fixtureSource } from '../../engine/src/recordings/landmark_source.ts';
import type { ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { replayLesson } from '../../engine/src/replay/replay_lesson.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';
import { ASQ_MANUAL_ALPHABET } from '../../engine/src/handshape/alphabets/asq.ts';
import { BZS_MANUAL_ALPHABET } from '../../engine/src/handshape/alphabets/bzs.ts';
import { lettersOfWord } from '../../src/lib/data/word-letters.ts';
import { angleFrame, compiledSign, hand } from './support.ts';

describe('spellWords', () => {
  it('spells the words in order: a short pause inside a word, the 1 s pause before a word, a release for a repeated letter', () => {
    const letters = spellWords(['BOOK', 'JAZZ']);
    expect(letters.map((l) => l.letter).join('')).toBe('BOOKJAZZ');
    expect(letters.map((l) => l.pauseBeforeMs)).toEqual([undefined, 350, 350, 350, undefined, 350, 350, 350]);
    expect(letters.map((l) => l.awaitsRelease)).toEqual([false, false, true, false, false, false, false, true]);
    expect(letters.map((l) => `${l.wordIndex}.${l.letterIndex}`)).toEqual(['0.0', '0.1', '0.2', '0.3', '1.0', '1.1', '1.2', '1.3']);
    // Two words meeting on the same letter are two signs apart: no release needed.
    expect(spellWords(['CAT', 'TOP'])[3]!.awaitsRelease).toBe(false);
  });

  it('refuses anything but words of letters A-Z', () => {
    for (const bad of [[], ['book'], ['CAN T'], [''], ['ÉTÉ']]) expect(() => spellWords(bad)).toThrow();
  });

  it("spells with another language's letters: ÖGS SCH is one letter (the longest that fits), and its umlauts and ẞ; Libras Ç", () => {
    const asq = Object.keys(ASQ_MANUAL_ALPHABET);
    const bzs = Object.keys(BZS_MANUAL_ALPHABET);
    const A_Z = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
    expect(lettersOfWord('SCHÖN', asq)).toEqual(['SCH', 'Ö', 'N']);
    expect(lettersOfWord('GROẞ', asq)).toEqual(['G', 'R', 'O', 'ẞ']);
    expect(lettersOfWord('SCH', asq)).toEqual(['SCH']);
    expect(lettersOfWord('SCHÖN', A_Z)).toBeNull(); // American has no SCH or Ö
    expect(lettersOfWord('', asq)).toBeNull();
    expect(lettersOfWord('AÇÃO', bzs)).toBeNull(); // Libras' letters here have no Ã
    expect(lettersOfWord('MOÇO', bzs)).toEqual(['M', 'O', 'Ç', 'O']);
    const spelled = spellWords(['SCHLOSS', 'MÜDE'], (word) => lettersOfWord(word, asq));
    expect(spelled.map((l) => l.letter)).toEqual(['SCH', 'L', 'O', 'S', 'S', 'M', 'Ü', 'D', 'E']);
    expect(spelled.map((l) => l.awaitsRelease)).toEqual([false, false, false, false, true, false, false, false, false]);
    expect(spelled.map((l) => `${l.wordIndex}.${l.letterIndex}`)).toEqual(['0.0', '0.1', '0.2', '0.3', '0.4', '1.0', '1.1', '1.2', '1.3']);
    expect(() => spellWords(['ÉTÉ'], (word) => lettersOfWord(word, asq))).toThrow();
    expect(() => spellWords(['SCHÖN'])).toThrow();
  });
});

// Synthetic letters: reference = N identical frames of one hand shape (the angle rule judges them).
const letterSign = (name: string, value: number, options: Partial<PracticeSign> = {}): PracticeSign => ({
  name,
  compiled: compiledSign(Array.from({ length: 90 }, () => ({ right_hand: hand(value) })), name), // 45-frame slice: 1.5 s
  ...options,
});
const making = (value: number) => angleFrame({ rightHand: Array(16).fill(value) });
const nothing = angleFrame({});

function run(signs: PracticeSign[]) {
  const events: PracticeEvent[] = [];
  const session = new PracticeSession(signs, { onEvent: (e) => events.push(e) });
  return { session, events, of: <T extends PracticeEvent['type']>(type: T) => events.filter((e): e is Extract<PracticeEvent, { type: T }> => e.type === type) };
}

/** Feeds `frame` every 33 ms from `from` while `until` holds; returns the time reached. */
function feed(session: PracticeSession, frame: ReturnType<typeof making>, from: number, until: (t: number) => boolean): number {
  let t = from;
  while (until(t) && session.phase === 'practising') session.onFrame(frame, (t += 33));
  return t;
}

describe('PracticeSession word options', () => {
  it('pauses WORD_LETTER_PAUSE_MS before a letter inside a word, SIGN_COMPLETE_LOCK_MS without the option', () => {
    const { session, of } = run([letterSign('C', 20), letterSign('A', 40, { pauseBeforeMs: WORD_LETTER_PAUSE_MS }), letterSign('T', 60)]);
    session.start(0);
    feed(session, making(20), 0, () => session.signIndex === 0);
    const cDone = of('signComplete')[0]!.atMs;
    expect(session.isLocked(cDone + WORD_LETTER_PAUSE_MS - 1)).toBe(true);
    expect(session.isLocked(cDone + WORD_LETTER_PAUSE_MS)).toBe(false);
    expect(of('signStarted')[1]!.judgedFromMs).toBe(cDone + WORD_LETTER_PAUSE_MS);
    feed(session, making(40), cDone, () => session.signIndex === 1);
    const aDone = of('signComplete')[1]!.atMs;
    expect(session.isLocked(aDone + SIGN_COMPLETE_LOCK_MS - 1)).toBe(true);
    expect(of('signStarted')[2]!.judgedFromMs).toBe(aDone + SIGN_COMPLETE_LOCK_MS);
  });

  it('a repeated letter waits while the first is still held, and goes on after the hand let go of it', () => {
    const { session, of } = run([letterSign('O', 20), letterSign('O', 20, { pauseBeforeMs: WORD_LETTER_PAUSE_MS, awaitsRelease: true })]);
    session.start(0);
    let t = feed(session, making(20), 0, () => session.signIndex === 0);
    expect(of('signStarted')[1]!.awaitsRelease).toBe(true);
    // Holding the O on for 5 s: the second O does not move (no progress, not even the free 10%).
    const progressBefore = of('progress').length;
    t = feed(session, making(20), t, (now) => now < t + 5000);
    expect(session.signIndex).toBe(1);
    expect(session.position).toBe(0);
    expect(session.awaitingRelease).toBe(true);
    expect(of('progress').length).toBe(progressBefore);
    // A tracking glitch of 2 frames (66 ms) is no release.
    t = feed(session, nothing, t, (now) => now < t + 66);
    t = feed(session, making(20), t, (now) => now < t + 500);
    expect(session.awaitingRelease).toBe(true);
    // The hand relaxed (no O) for REPEATED_LETTER_RELEASE_MS: released; the O again completes it.
    const releaseStart = t;
    t = feed(session, nothing, t, () => session.awaitingRelease);
    expect(of('signReleased')).toHaveLength(1);
    expect(t - releaseStart).toBeGreaterThanOrEqual(REPEATED_LETTER_RELEASE_MS);
    expect(t - releaseStart).toBeLessThan(REPEATED_LETTER_RELEASE_MS + 40);
    const releasedAt = t;
    feed(session, making(20), t, () => session.phase === 'practising');
    const done = of('signComplete')[1]!.atMs;
    expect(done - releasedAt).toBeGreaterThanOrEqual(1500);
    expect(done - releasedAt).toBeLessThan(1500 + 100);
  });

  it('a sign without the options behaves as before: no release, the 1 s pause', () => {
    const { session, of } = run([letterSign('O', 20), letterSign('O', 20)]);
    session.start(0);
    const t = feed(session, making(20), 0, () => session.phase === 'practising');
    expect(of('signReleased')).toHaveLength(0);
    expect(of('signStarted').map((e) => e.awaitsRelease)).toEqual([false, false]);
    const [first, second] = of('signComplete');
    expect(second!.atMs - first!.atMs).toBeGreaterThanOrEqual(SIGN_COMPLETE_LOCK_MS + 1500);
    expect(t).toBeGreaterThan(0);
  });
});

describe('words replayed from the recorded alphabet (handshape mode, the default)', () => {
  const WORD_LETTERS = ['B', 'O', 'K', 'C', 'A', 'T', 'S', 'E'];
  let recordings: Map<string, AlphabetRecording>;
  let records: Map<string, ReferenceSign>;
  beforeAll(async () => {
    const all = await loadAlphabetFolder(ALPHABET_DIR);
    // Every letter's reference is built with the whole alphabet (the handshape models contrast
    // each letter with its nearest others), as the seed does.
    recordings = all;
    const built = buildAlphabetReferences(all);
    records = new Map(WORD_LETTERS.map((letter) => [letter, built.get(letter)!.record]));
  }, 180_000);

  const replay = (word: string, signed: string[], releaseMs: number) => {
    const signs = wordPracticeSigns([word], records);
    const fixture = buildPracticeFixture(recordings, signed, 3, { releaseMs });
    return replayLesson(fixtureSource(word, fixture), signs);
  };

  it('BOOK signed letter by letter, the hand dropping briefly between the Os, completes', () => {
    const result = replay('BOOK', ['B', 'O', 'O', 'K'], 400);
    expect(result.lessonCompleted).toBe(true);
    expect(result.events.filter((e) => e.type === 'signReleased')).toHaveLength(1);
    expect(result.events.filter((e) => e.type === 'signComplete' && !e.skipped)).toHaveLength(4);
  });

  it('SEE with the E simply held on stalls on the second E; with the hand dropping between them it completes', () => {
    // (E's held-out frames hold still. O's, cycled by the fixture, jump from the recording's start
    // to its end, which the judge rightly sees as a move of the hand: a release.)
    const held = replay('SEE', ['S', 'E', 'E'], 0);
    expect(held.lessonCompleted).toBe(false);
    expect(held.signsDone).toBe(2);
    expect(held.events.filter((e) => e.type === 'signReleased')).toHaveLength(0);
    expect(replay('SEE', ['S', 'E', 'E'], 400).lessonCompleted).toBe(true);
  });

  it('CAT signed as C, A, B (one wrong letter) stalls on the T', () => {
    const good = replay('CAT', ['C', 'A', 'T'], 0);
    expect(good.lessonCompleted).toBe(true);
    const wrong = replay('CAT', ['C', 'A', 'B'], 0);
    expect(wrong.lessonCompleted).toBe(false);
    expect(wrong.signsDone).toBe(2);
    expect(wrong.bestFractionPerSign[2]).toBeLessThan(0.5);
  });
});
