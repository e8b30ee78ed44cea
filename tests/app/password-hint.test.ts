// The register password's hint names exactly the special characters the rule counts.
import { describe, expect, test } from 'vitest';
import { registerInputSchema } from '@/features/auth/schemas.ts';
import { PASSWORD_HINT, PASSWORD_SPECIAL_CHARACTERS } from '@/features/auth/password-hint.ts';

const accepted = (password: string): boolean =>
  registerInputSchema.safeParse({ username: 'learner', email: 'learner@example.com', password, confirmPassword: password }).success;

// Every printable ASCII character that is neither a letter nor a digit.
const SYMBOLS = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))].filter((c) => !/[A-Za-z0-9]/.test(c));

describe('register password hint', () => {
  test('lists exactly the symbols the rule accepts as special characters', () => {
    expect(SYMBOLS.filter((symbol) => accepted(`abc123${symbol}`))).toEqual([...PASSWORD_SPECIAL_CHARACTERS].sort((a, b) => a.charCodeAt(0) - b.charCodeAt(0)));
  });
  test('names every one of them, and the length', () => {
    for (const symbol of PASSWORD_SPECIAL_CHARACTERS) expect(PASSWORD_HINT).toContain(` ${symbol}`);
    expect(PASSWORD_HINT).toMatch(/6 characters/);
    expect(accepted('abc12!')).toBe(true);
    expect(accepted('ab12!')).toBe(false);
  });
});
