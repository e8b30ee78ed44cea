// Which signs a lesson's moving sign is told apart from on the camera screen (load-lesson.ts): the
// chapter's other lessons of signs. A teacher's sign is published as a lesson of its own; without
// these it would be judged against no other sign at all.
import { describe, expect, it } from 'vitest';
import { otherSignsOfChapter } from '../../../src/features/camera/lesson/load-lesson.ts';

describe('otherSignsOfChapter', () => {
  const greetings = [{ signs: ['HELLO', 'THANK YOU'] }, { signs: ['WAVE'] }, { signs: ['W', 'A', 'V', 'E'], words: ['WAVE'] }, { signs: ['HELLO', 'BYE'] }];

  it("gives a teacher's one-sign lesson the chapter's other signs, each once", () => {
    expect(otherSignsOfChapter(greetings, 1)).toEqual(['HELLO', 'THANK YOU', 'BYE']);
  });

  it("leaves out the lesson's own signs (the loop already follows them) and word lessons' letters", () => {
    expect(otherSignsOfChapter(greetings, 0)).toEqual(['WAVE', 'BYE']);
    expect(otherSignsOfChapter(greetings, 3)).toEqual(['THANK YOU', 'WAVE']);
  });

  it('gives nothing for a chapter of one lesson', () => {
    expect(otherSignsOfChapter([{ signs: ['HELLO'] }], 0)).toEqual([]);
  });
});
