// What the register password rule accepts, said before the learner types (the SPEC's error text,
// 'Password must include letters, numbers, and special characters.', names no characters).
// tests/app/password-hint.test.ts checks this list against the rule in schemas.ts.

/** The special characters the register password rule counts (and the only ones it allows). */
export const PASSWORD_SPECIAL_CHARACTERS = ['@', '$', '!', '%', '*', '#', '?', '&'] as const;

export const PASSWORD_HINT = `At least 6 characters: letters, numbers and at least one of ${PASSWORD_SPECIAL_CHARACTERS.join(' ')} (no spaces or other symbols).`;
