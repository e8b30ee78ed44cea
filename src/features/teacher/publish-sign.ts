// Publishing a teacher's sign: its record at `signs/{name}` (or the language's), and a new lesson
// of that one sign at the end of the chosen chapter, in one multi-path update, so learners find
// both at once. The database rules let only a teacher write them (database.rules.json).
import { child, get, ref, update, type Database } from 'firebase/database';
import type { ReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import { getLevel } from '@/lib/data/content.ts';
import { defaultDatabase } from '@/lib/data/database.ts';
import { encodeKey, mapKeys } from '@/lib/data/keys.ts';
import { paths } from '@/lib/data/paths.ts';

/** Whether the signed-in user may publish signs (`teachers/{uid}`, written by an administrator). */
export async function isTeacher(uid: string, db: Database = defaultDatabase()): Promise<boolean> {
  const snapshot = await get(child(ref(db), `teachers/${uid}`));
  return snapshot.val() === true;
}

export interface Published {
  levelIndex: number;
  chapterIndex: number;
  lessonIndex: number;
}

export async function publishSign(
  place: { uid: string; language: string; name: string; levelIndex: number; chapterIndex: number },
  record: ReferenceSign,
  db: Database = defaultDatabase(),
): Promise<Published> {
  const { uid, language, name, levelIndex, chapterIndex } = place;
  const level = await getLevel(language, levelIndex, db);
  const chapter = level.chapters[chapterIndex];
  if (!chapter) throw new Error(`Level ${levelIndex + 1} has no chapter ${chapterIndex + 1}.`);
  const lessonIndex = chapter.lessons.length;
  const chapterPath = `${paths.level(language, levelIndex)}/chapters/${chapterIndex}`;
  await update(ref(db), {
    [paths.sign(language, name)]: { ...record, configs: mapKeys(record.configs, encodeKey), publishedBy: uid },
    [`${chapterPath}/lessons/${lessonIndex}`]: { signs: [name] },
    [`${chapterPath}/number_of_lessons`]: lessonIndex + 1,
  });
  return { levelIndex, chapterIndex, lessonIndex };
}
