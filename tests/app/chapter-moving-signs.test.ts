// Which signs a sign that moves is told apart from (src/lib/content/chapter-moving-signs.ts): on the
// camera screen the chapter's other lessons of signs (a teacher's sign is published as a lesson of
// its own: without these it would be judged against no other sign at all); on the teacher's page,
// the whole chapter's.
import { describe, expect, it } from 'vitest';
import { signsOfChapter } from '../../src/lib/content/chapter-moving-signs.ts';

describe('signsOfChapter', () => {
  const greetings = [{ signs: ['HELLO', 'THANK YOU'] }, { signs: ['WAVE'] }, { signs: ['W', 'A', 'V', 'E'], words: ['WAVE'] }, { signs: ['HELLO', 'BYE'] }];

  it("gives a teacher's one-sign lesson the chapter's other signs, each once", () => {
    expect(signsOfChapter(greetings, 1)).toEqual(['HELLO', 'THANK YOU', 'BYE']);
  });

  it("leaves out the lesson's own signs (the loop already follows them) and word lessons' letters", () => {
    expect(signsOfChapter(greetings, 0)).toEqual(['WAVE', 'BYE']);
    expect(signsOfChapter(greetings, 3)).toEqual(['THANK YOU', 'WAVE']);
  });

  it('gives nothing for a chapter of one lesson', () => {
    expect(signsOfChapter([{ signs: ['HELLO'] }], 0)).toEqual([]);
  });

  it('gives every lesson of signs when no lesson is left out (the teacher\'s check)', () => {
    expect(signsOfChapter(greetings)).toEqual(['HELLO', 'THANK YOU', 'WAVE', 'BYE']);
  });
});
