// product.md §5 Validation: every rule and message of the app's forms, checked on the schemas.
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { changePasswordBackTarget } from '@/features/account/change-password-page.tsx';
import { changePasswordInputSchema, changeUsernameInputSchema } from '@/features/account/schemas.ts';
import { forgotPasswordInputSchema, loginInputSchema, registerInputSchema } from '@/features/auth/schemas.ts';
import { describeSignUpError } from '@/features/auth/sign-up-error.ts';
import { describeUsernameChangeError } from '@/features/account/username-change-error.ts';
import { feedbackInputSchema } from '@/features/feedback/feedback-page.tsx';

function messages(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('change password', () => {
  const ok = { oldPassword: 'abcd', newPassword: 'abc12!', confirmNewPassword: 'abc12!' };
  test('old password: bound 4, message says 6 (deliberate)', () => {
    expect(messages(changePasswordInputSchema, ok)).toEqual({});
    expect(messages(changePasswordInputSchema, { ...ok, oldPassword: 'abc' }).oldPassword).toEqual(['Old password must be at least 6 characters long.']);
  });
  test('new password rules', () => {
    const m = (newPassword: string) => messages(changePasswordInputSchema, { ...ok, newPassword, confirmNewPassword: newPassword }).newPassword;
    expect(m('a1!')).toContain('New password must be at least 6 characters long.');
    expect(m('123456!')).toEqual(['New password must contain at least one letter.']);
    expect(m('abcdef!')).toEqual(['New password must contain at least one number.']);
    expect(m('abcdef1')).toEqual(['New password must contain at least one special character.']);
    expect(m('abcde1_')).toBeUndefined(); // underscore counts as special
  });
  test('confirmation rules', () => {
    // The first message is the one shown under the field.
    expect(messages(changePasswordInputSchema, { ...ok, confirmNewPassword: 'abc' }).confirmNewPassword?.[0]).toBe('Confirmation password must be at least 6 characters long.');
    expect(messages(changePasswordInputSchema, { ...ok, confirmNewPassword: 'abc12?' }).confirmNewPassword).toEqual(['Passwords must match']);
  });
  test('back-button rules', () => {
    expect(changePasswordBackTarget('?level=1&chapter=2&lesson=0')).toBe('/lessons?level=1&chapter=2');
    expect(changePasswordBackTarget('')).toBe('/');
    expect(changePasswordBackTarget('?level=1&chapter=2')).toBe('/');
    expect(changePasswordBackTarget('?lesson=3')).toBe('history');
    expect(changePasswordBackTarget('?level=1&lesson=3')).toBe('history');
  });
});

describe('change username', () => {
  const m = (newUsername: string) => messages(changeUsernameInputSchema, { newUsername }).newUsername;
  test('rules', () => {
    expect(m('ab')).toEqual(['Username must be at least 3 characters.']);
    expect(m('a'.repeat(20))).toBeUndefined();
    expect(m('a'.repeat(21))).toEqual(['Username must be less than 20 characters.']);
    expect(m('bad-name')).toEqual(['Username can only contain letters, numbers, underscores, and spaces.']);
    expect(m('good name_1')).toBeUndefined();
  });
  test('the name is trimmed and single-spaced before the rules, as it is stored', () => {
    expect(changeUsernameInputSchema.parse({ newUsername: '  Ana   Lopez ' })).toEqual({ newUsername: 'Ana Lopez' });
    expect(m('   ')).toEqual(['Username must be at least 3 characters.', 'Username can only contain letters, numbers, underscores, and spaces.']);
    for (const bad of ['John/Doe', 'john.doe', '<script>', 'Admin\u200b', '\u202Eevil', 'tab\tname']) {
      expect(m(bad), JSON.stringify(bad)).toEqual(['Username can only contain letters, numbers, underscores, and spaces.']);
    }
  });
});

describe('feedback', () => {
  const m = (feedback: string) => messages(feedbackInputSchema, { feedback }).feedback;
  test('10 to 500 characters', () => {
    expect(m('too short')).toEqual(['Feedback must be at least 10 characters.']);
    expect(m('x'.repeat(10))).toBeUndefined();
    expect(m('x'.repeat(500))).toBeUndefined();
    expect(m('x'.repeat(501))).toEqual(['Feedback must be less than 500 characters.']);
  });
});

describe('login, register, forgot password', () => {
  test('login', () => {
    expect(messages(loginInputSchema, { email: 'x', password: '12345' })).toEqual({
      email: ['Invalid email address'],
      password: ['Password must be at least 6 characters'],
    });
  });
  test('register', () => {
    const ok = { username: 'abc', email: 'a@b.co', password: 'abc12!', confirmPassword: 'abc12!' };
    expect(messages(registerInputSchema, ok)).toEqual({});
    expect(messages(registerInputSchema, { ...ok, username: 'ab' }).username).toEqual(['Username must be at least 3 characters.']);
    expect(messages(registerInputSchema, { ...ok, username: 'a'.repeat(20) }).username).toBeUndefined();
    expect(messages(registerInputSchema, { ...ok, username: 'a'.repeat(21) }).username).toEqual(["Username can't be more than 20 characters."]);
    expect(messages(registerInputSchema, { ...ok, email: 'nope' }).email).toEqual(['Invalid email address.']);
    const password = (bad: string) => messages(registerInputSchema, { ...ok, password: bad, confirmPassword: bad }).password;
    // The text of product.md §5 Validation where it fixes one: a letter, a digit or a special character is missing.
    for (const bad of ['abcdef!', '123456!', 'abcdef1', 'abcdefgh']) {
      expect(password(bad), bad).toEqual(['Password must include letters, numbers, and special characters.']);
    }
  });
  test('register password: too short names the minimum, a character not allowed is named', () => {
    const ok = { username: 'abc', email: 'a@b.co', password: 'abc12!', confirmPassword: 'abc12!' };
    const password = (bad: string) => messages(registerInputSchema, { ...ok, password: bad, confirmPassword: bad }).password;
    const allowed = 'Password can only contain letters (a-z, A-Z), numbers, and the special characters @ $ ! % * # ? &';
    for (const short of ['a1!', 'ab1!', 'ab12!', 'a']) expect(password(short), short).toEqual(['Password must be at least 6 characters.']);
    expect(password('abc-def12')).toEqual([`${allowed} (not "-").`]);
    expect(password('abc12!^')).toEqual([`${allowed} (not "^").`]);
    expect(password('abc 12!')).toEqual([`${allowed} (not spaces).`]);
    expect(password('é1!')).toEqual([`${allowed} (not "é").`]); // a character not allowed comes before the length
    expect(password('a-b_c 1')).toEqual([`${allowed} (not "-", "_" or spaces).`]);
    expect(password('')).toEqual(['Password must be at least 6 characters.']);
    expect(password('abc12!')).toBeUndefined();
    expect(messages(registerInputSchema, { ...ok, confirmPassword: 'abc12?' }).confirmPassword).toEqual(['Passwords must match']);
  });
  test('register username: the change-username charset too, trimmed and single-spaced', () => {
    const ok = { username: 'abc', email: 'a@b.co', password: 'abc12!', confirmPassword: 'abc12!' };
    const m = (username: string) => messages(registerInputSchema, { ...ok, username }).username;
    for (const bad of ['John/Doe', 'john.doe', '<script>alert(1)', 'Admin\u200b', '\u202Eevil', 'émile']) {
      expect(m(bad), JSON.stringify(bad)).toEqual(['Username can only contain letters, numbers, underscores, and spaces.']);
    }
    expect(m('Ana Lopez_2')).toBeUndefined();
    expect(registerInputSchema.parse({ ...ok, username: ' Ana   Lopez ' }).username).toBe('Ana Lopez');
    expect(m('  ab  ')).toEqual(['Username must be at least 3 characters.']);
  });
  test('a failed sign-up says why: field errors where the learner can fix it, else a toast', () => {
    expect(describeSignUpError('username-taken')).toEqual({ field: 'username', message: 'Username is already in use' });
    expect(describeSignUpError('invalid-username')).toEqual({ field: 'username', message: 'Username can only contain letters, numbers, underscores, and spaces.' });
    // A taken email is shown under its field, as a taken username is.
    expect(describeSignUpError('auth/email-already-in-use')).toEqual({ field: 'email', message: 'Email already in use' });
    expect(describeSignUpError('auth/invalid-email')).toEqual({ field: 'email', message: 'Invalid email address.' });
    expect(describeSignUpError('database-unreachable')).toEqual({
      toast: 'Error creating account: the database could not be reached. Check your internet connection (a network that blocks WebSockets blocks it too) and try again.',
      log: false,
    });
    expect(describeSignUpError('permission-denied')).toEqual({ toast: 'Error creating account: the database refused this username or email. Please check them and try again.', log: true });
    expect(describeSignUpError('auth/network-request-failed')).toMatchObject({ toast: 'Error creating account: the server could not be reached. Please try again.' });
    expect(describeSignUpError('something-else')).toEqual({ toast: 'Error creating account. Please try again.', log: true });
  });
  test('a failed username change: the current name is already yours, not in use', () => {
    expect(describeUsernameChangeError('username-unchanged')).toEqual({ field: 'newUsername', message: 'That is already your username.' });
    expect(describeUsernameChangeError('username-taken')).toEqual({ field: 'newUsername', message: 'Username is already in use' });
    expect(describeUsernameChangeError('not-authenticated')).toEqual({ toast: 'User is not authenticated. Please log in again.', log: false });
    expect(describeUsernameChangeError('username-change-failed')).toEqual({ toast: 'Failed to change username. Please try again.', log: true });
  });
  test('forgot password', () => {
    expect(messages(forgotPasswordInputSchema, { email: 'x@' }).email).toEqual(['Please enter a valid email address.']);
  });
});
