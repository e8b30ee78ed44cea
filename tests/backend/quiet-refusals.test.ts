// The test log stays quiet about refusals the tests provoke on purpose, and only about those
// (tests/setup/expected-refusals.ts, the backend project's setup file).
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { ref, set } from 'firebase/database';
import { refusalWarnings, routeFirebaseLog } from '../setup/expected-refusals.ts';
import { allowed, anonymousClient, closeClients, unique } from './helpers.ts';

afterAll(closeClients);
afterEach(() => vi.restoreAllMocks());

describe('Firebase SDK messages in the backend tests', () => {
  test('the backend project routes them (its setup file)', async () => {
    const { default: config } = await import('../../vitest.config.ts');
    const projects = (config.test?.projects ?? []) as Array<{ test?: { name?: string; setupFiles?: string[] } }>;
    expect(projects.find((project) => project.test?.name === 'backend')?.test?.setupFiles).toContain('tests/setup/expected-refusals.ts');
  });

  test('a refused write rejects, its warning is collected, nothing is printed', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const log = vi.spyOn(console, 'log');
    const before = refusalWarnings.length;
    const path = `users/${unique('nobody')}/currentLanguage`;
    expect(await allowed(set(ref(anonymousClient().db, path), 'american'))).toBe(false);
    expect(refusalWarnings.slice(before)).toEqual([expect.stringMatching(new RegExp(`set at /${path} failed: permission_denied`))]);
    expect([...warn.mock.calls, ...error.mock.calls, ...log.mock.calls]).toEqual([]);
  });

  test('any other warning or error of the SDK is still printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = refusalWarnings.length;
    routeFirebaseLog({ level: 'warn', message: 'FIREBASE WARNING: unexpected thing', args: [], type: '@firebase/database' });
    routeFirebaseLog({ level: 'error', message: 'FIREBASE INTERNAL ERROR: boom', args: [], type: '@firebase/database' });
    // A refusal worded as an error (not the SDK's warning) is not silenced either.
    routeFirebaseLog({ level: 'error', message: 'set at /x failed: permission_denied', args: [], type: '@firebase/database' });
    expect(warn.mock.calls).toEqual([['[@firebase/database] FIREBASE WARNING: unexpected thing']]);
    expect(error.mock.calls).toEqual([['[@firebase/database] FIREBASE INTERNAL ERROR: boom'], ['[@firebase/database] set at /x failed: permission_denied']]);
    expect(refusalWarnings.length).toBe(before);
  });
});
