// Database paths of product.md §7 Calls. American content sits at the root (`levels/`, `signs/`);
// other languages under `language/{language}/`.
import { usernameKey } from './username-rules.ts';

export const DEFAULT_LANGUAGE = 'american';

/** Where a language's content lives: the root for American, `language/{language}/` otherwise. */
export const contentRoot = (language: string): string =>
  language === DEFAULT_LANGUAGE ? '' : `language/${language}/`;

export const paths = {
  user: (uid: string) => `users/${uid}`,
  userInfo: (uid: string) => `users/${uid}/info`,
  userInfoField: (uid: string, field: 'username' | 'email' | 'maxLevel') => `users/${uid}/info/${field}`,
  // The index is keyed by the name's canonical form (username-rules.ts): 'Ana B' -> 'ana b'.
  username: (name: string) => `usernames/${usernameKey(name)}`,
  level: (language: string, levelIndex: number) => `${contentRoot(language)}levels/${levelIndex}`,
  sign: (language: string, signName: string) => `${contentRoot(language)}signs/${signName}`,
  lessonProgress: (uid: string, language: string, levelIndex: number, chapterIndex: number) =>
    `users/${uid}/progressPerLanguage/${language}/${levelIndex}/${chapterIndex}`,
  letterStatsOf: (uid: string, language: string) => `users/${uid}/letterStats/${language}`,
  letterStats: (uid: string, language: string, letter: string) => `users/${uid}/letterStats/${language}/${letter}`,
  readPractice: (uid: string, language: string) => `users/${uid}/readPractice/${language}`,
  feedback: 'feedback',
  signFeedback: 'signFeedback',
} as const;
