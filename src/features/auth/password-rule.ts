// The register password rule (product.md §5 Validation: at least 6 characters; a letter, a digit and one of
// @$!%*#?&; only those character classes) and what the form says when a password breaks it.
// product.md §8 Errors fixes 'Password must include letters, numbers, and special characters.' for a password
// that lacks one of the three; the two cases it does not name say exactly what is wrong:
// too short names the minimum, a character outside the allowed set names it and the allowed ones.
// tests/app/form-rules.test.ts and tests/app/password-hint.test.ts check them.

export const PASSWORD_MIN_LENGTH = 6;

/** The special characters the rule counts (and the only symbols it allows). */
export const PASSWORD_SPECIAL_CHARACTERS = ['@', '$', '!', '%', '*', '#', '?', '&'] as const;

const SPECIALS = new Set<string>(PASSWORD_SPECIAL_CHARACTERS);
const isLetter = (c: string) => /^[A-Za-z]$/.test(c);
const isDigit = (c: string) => /^\d$/.test(c);
const isAllowed = (c: string) => isLetter(c) || isDigit(c) || SPECIALS.has(c);

/** "a", "a or b", "a, b or c". */
const listWithOr = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

export const passwordMessages = {
  /** product.md §8 Errors, word for word. */
  missingKind: 'Password must include letters, numbers, and special characters.',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  notAllowed: (refused: readonly string[]) =>
    `Password can only contain letters (a-z, A-Z), numbers, and the special characters ${PASSWORD_SPECIAL_CHARACTERS.join(' ')} (not ${listWithOr(refused)}).`,
} as const;

/** How a refused character is named: a space in words (quotes round one would read as nothing). */
const nameOf = (c: string): string => (/^\s$/.test(c) ? (c === ' ' ? 'spaces' : 'tabs or line breaks') : `"${c}"`);

/** The one message for a register password, or null when the rule accepts it. A character the
 * rule cannot accept comes first (no amount of typing fixes it), then the length, then the kinds. */
export function registerPasswordProblem(password: string): string | null {
  const characters = [...password];
  const refused = [...new Set(characters.filter((c) => !isAllowed(c)).map(nameOf))];
  if (refused.length > 0) return passwordMessages.notAllowed(refused);
  if (characters.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (!characters.some(isLetter) || !characters.some(isDigit) || !characters.some((c) => SPECIALS.has(c))) return passwordMessages.missingKind;
  return null;
}
