// Register, login, password reset and password change against the Auth emulator (product.md §4 States, §7 Calls, §8 Errors).
import { afterAll, describe, expect, inject, test } from 'vitest';
import { changePassword, sendReset, signIn, signOut, signUp } from '@/lib/firebase/auth.ts';
import { getUsername, getUserRecord } from '@/lib/data/users.ts';
import { getUsernameOwner } from '@/lib/data/usernames.ts';
import { PASSWORD, closeClients, codeOf, newClient, registeredUser, unique } from './helpers.ts';

afterAll(closeClients);

describe('register', () => {
  test('creates the account, users/{uid}/info and usernames/{username}', async () => {
    const { client, uid, username, email } = await registeredUser();
    const record = await getUserRecord(uid, client.db);
    expect(record?.info).toEqual({ username, email, maxLevel: 1 });
    expect(record?.currentLanguage).toBe('american');
    expect(await getUsernameOwner(username, client.db)).toBe(uid);
  });

  test('refuses a username that is taken (username-taken), and creates no account', async () => {
    const { username } = await registeredUser();
    const client = newClient();
    const email = `${unique('dup')}@example.com`;
    expect(await codeOf(signUp({ username, email, password: PASSWORD }, client.auth, client.db))).toBe('username-taken');
    expect(client.auth.currentUser).toBeNull();
    expect(await codeOf(signIn(email, PASSWORD, client.auth))).toBe('auth/invalid-credential');
  });

  test('refuses an email that is in use (auth/email-already-in-use)', async () => {
    const { email } = await registeredUser();
    const client = newClient();
    expect(await codeOf(signUp({ username: unique('other'), email, password: PASSWORD }, client.auth, client.db))).toBe(
      'auth/email-already-in-use',
    );
  });
});

describe('login', () => {
  test('signs in with email and password and reads the username from users/{uid}/info', async () => {
    const { email, username, uid } = await registeredUser();
    const client = newClient();
    const user = await signIn(email, PASSWORD, client.auth);
    expect(user.uid).toBe(uid);
    expect(await user.getIdToken()).toMatch(/\./);
    expect(await getUsername(uid, client.db)).toBe(username);
  });

  test('a wrong password or unknown email fails with auth/invalid-credential', async () => {
    const { email } = await registeredUser();
    const client = newClient();
    expect(await codeOf(signIn(email, 'wrong-pass1!', client.auth))).toBe('auth/invalid-credential');
    expect(await codeOf(signIn(`${unique('nobody')}@example.com`, PASSWORD, client.auth))).toBe('auth/invalid-credential');
  });

  test('sign out clears the current user', async () => {
    const { client } = await registeredUser();
    await signOut(client.auth);
    expect(client.auth.currentUser).toBeNull();
  });
});

describe('password reset email', () => {
  test('sends a reset code to the address (seen in the emulator outbox)', async () => {
    const { email } = await registeredUser();
    const client = newClient();
    await sendReset(email, client.auth);
    const response = await fetch(`http://${inject('authEmulatorHost')}/emulator/v1/projects/${inject('projectId')}/oobCodes`);
    const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string }> };
    expect(oobCodes.some((code) => code.email === email && code.requestType === 'PASSWORD_RESET')).toBe(true);
  });
});

describe('change password (re-authentication first)', () => {
  test('with the right old password: the new one signs in, the old one no longer does', async () => {
    const { client, email } = await registeredUser();
    await changePassword(PASSWORD, 'newPass2#', client.auth);
    const other = newClient();
    expect((await signIn(email, 'newPass2#', other.auth)).email).toBe(email);
    expect(await codeOf(signIn(email, PASSWORD, newClient().auth))).toBe('auth/invalid-credential');
  });

  test('a wrong old password fails with auth/invalid-credential and keeps the password', async () => {
    const { client, email } = await registeredUser();
    expect(await codeOf(changePassword('not-my-password1!', 'newPass2#', client.auth))).toBe('auth/invalid-credential');
    expect((await signIn(email, PASSWORD, newClient().auth)).email).toBe(email);
  });

  test('a weak new password fails with auth/weak-password', async () => {
    const { client } = await registeredUser();
    expect(await codeOf(changePassword(PASSWORD, '123', client.auth))).toBe('auth/weak-password');
  });

  test('nobody signed in: not-authenticated', async () => {
    expect(await codeOf(changePassword(PASSWORD, 'newPass2#', newClient().auth))).toBe('not-authenticated');
  });
});
