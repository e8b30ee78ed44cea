// What the register password rule accepts, said before the learner types (the product's error text,
// 'Password must include letters, numbers, and special characters.', names no characters).
// tests/app/password-hint.test.ts checks this list against the rule in password-rule.ts.
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './password-rule.ts';

export { PASSWORD_SPECIAL_CHARACTERS };

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters: letters, numbers and at least one of ${PASSWORD_SPECIAL_CHARACTERS.join(' ')} (no spaces or other symbols).`;
