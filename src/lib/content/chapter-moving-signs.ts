// The signs that move in a chapter, which a sign that moves must be told apart from: the camera
// screen follows them alongside a lesson's own (a teacher's sign is a lesson of its own), and the
// teacher's page checks a new sign against them as learners will be judged. Shared code
// (src/lib), so that the camera and teacher features never import each other.
import { compileMovement, type CompiledMovement } from '@signlearn/engine/movement/compiled_movement';
import { getSign } from '@/lib/data/content.ts';

/** A lesson as the level's data and the session cache both hold it. */
interface ChapterLesson {
  signs: readonly string[];
  words?: readonly string[];
}

/** The signs of the chapter's lessons of signs (word lessons spell letters), each once, none of
 * lesson `exceptLesson`'s (-1: every lesson's). */
export function signsOfChapter(lessons: readonly ChapterLesson[], exceptLesson = -1): string[] {
  const own = new Set(lessons[exceptLesson]?.signs ?? []);
  const names = lessons.flatMap((lesson, i) => (i === exceptLesson || (lesson.words && lesson.words.length > 0) ? [] : lesson.signs));
  return [...new Set(names)].filter((name) => !own.has(name));
}

/** The movements of those of `names` that are signs that move; a record that cannot be read is left
 * out quietly (it is its own lesson's to report). */
export async function movementsOfSigns(language: string, names: readonly string[]): Promise<CompiledMovement[]> {
  const records = await Promise.all(names.map((name) => getSign(language, name).catch(() => null)));
  return names.flatMap((name, i) => {
    const movement = records[i]?.movement;
    const compiled = movement ? compileMovement(name, movement) : null;
    return compiled ? [compiled] : [];
  });
}
