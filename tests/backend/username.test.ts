// Username change (product.md §4.4 Username change: check signed in, check free, free the old name, claim the new one,
// set info.username) and uniqueness under concurrency.
import { afterAll, describe, expect, test } from 'vitest';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { child, get, ref } from 'firebase/database';
import { signUp } from '@/lib/firebase/auth.ts';
import { errorCode } from '@/lib/data/errors.ts';
import { changeUsername, getUsernameOwner, isUsernameTaken, registerUserRecord } from '@/lib/data/usernames.ts';
import { getUsername } from '@/lib/data/users.ts';
import { PASSWORD, closeClients, codeOf, newClient, registeredUser, unique } from './helpers.ts';

afterAll(closeClients);

describe('change username', () => {
  test('frees the old name, claims the new one with the uid, and updates info.username', async () => {
    const { client, uid, username } = await registeredUser();
    const newName = unique('new');
    await changeUsername(uid, username, newName, client.db);
    expect(await isUsernameTaken(username, client.db)).toBe(false);
    expect(await getUsernameOwner(newName, client.db)).toBe(uid);
    expect(await getUsername(uid, client.db)).toBe(newName);
    // The freed name can be claimed by someone else.
    const other = await registeredUser(username);
    expect(await getUsernameOwner(username, other.client.db)).toBe(other.uid);
  });

  test('allows spaces; an account without a profile cannot take a name', async () => {
    const { client, uid, username } = await registeredUser();
    const newName = `Ana ${unique('b').slice(0, 8)}`;
    await changeUsername(uid, username, newName, client.db);
    expect(await getUsernameOwner(newName, client.db)).toBe(uid);
    expect(await getUsername(uid, client.db)).toBe(newName);
    // Before the rules tied the index to the profile, an account with no users/{uid}/info could
    // claim a name here; now that is refused, so no name exists without its profile.
    const bare = newClient();
    const { user } = await createUserWithEmailAndPassword(bare.auth, `${unique('noname')}@example.com`, PASSWORD);
    const lone = unique('lone');
    expect(await codeOf(changeUsername(user.uid, null, lone, bare.db))).toBe('username-change-failed');
    expect(await isUsernameTaken(lone, bare.db)).toBe(false);
  });

  test('a taken name is refused (username-taken) and nothing changes', async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    expect(await codeOf(changeUsername(bob.uid, bob.username, alice.username, bob.client.db))).toBe('username-taken');
    expect(await getUsernameOwner(alice.username, bob.client.db)).toBe(alice.uid);
    expect(await getUsernameOwner(bob.username, bob.client.db)).toBe(bob.uid);
    expect(await getUsername(bob.uid, bob.client.db)).toBe(bob.username);
  });

  test('without a signed-in user id: not-authenticated', async () => {
    const client = newClient();
    expect(await codeOf(changeUsername(undefined, 'old', unique('x'), client.db))).toBe('not-authenticated');
    expect(await codeOf(changeUsername('', 'old', unique('x'), client.db))).toBe('not-authenticated');
  });

  test('a refused write sequence fails with username-change-failed and leaves both names as they were', async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    // Bob's client tries to rename Alice (not his record): the rules refuse the whole update.
    const target = unique('steal');
    expect(await codeOf(changeUsername(alice.uid, alice.username, target, bob.client.db))).toBe('username-change-failed');
    expect(await isUsernameTaken(target, bob.client.db)).toBe(false);
    expect(await getUsernameOwner(alice.username, bob.client.db)).toBe(alice.uid);
  });
});

describe('uniqueness under concurrency', () => {
  test('two people registering the same name at once: exactly one gets it', async () => {
    const name = unique('race');
    const attempts = [newClient(), newClient()].map((client, i) =>
      signUp({ username: name, email: `${unique(`racer${i}`)}@example.com`, password: PASSWORD }, client.auth, client.db).then(
        (user) => ({ ok: true as const, uid: user.uid }),
        (error: unknown) => ({ ok: false as const, code: errorCode(error) }),
      ),
    );
    const results = await Promise.all(attempts);
    const winners = results.filter((r) => r.ok);
    const losers = results.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([{ ok: false, code: 'username-taken' }]);
    const reader = newClient();
    expect(await getUsernameOwner(name, reader.db)).toBe((winners[0] as { uid: string }).uid);
  });

  test('two new accounts claiming the same name in the same instant: one wins, the other gets username-taken', async () => {
    for (let round = 0; round < 3; round += 1) {
      const accounts = await Promise.all(
        [newClient(), newClient()].map(async (client) => {
          const email = `${unique('rec')}@example.com`;
          const { user } = await createUserWithEmailAndPassword(client.auth, email, PASSWORD);
          return { client, uid: user.uid, email };
        }),
      );
      const [a, b] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
      const name = unique('both');
      // Both passed the "is it free?" check (signUp's) before either writes; the rules decide.
      const [ra, rb] = await Promise.all([
        registerUserRecord(a.uid, { username: name, email: a.email }, a.client.db).then(() => 'ok', (e: unknown) => errorCode(e)),
        registerUserRecord(b.uid, { username: name, email: b.email }, b.client.db).then(() => 'ok', (e: unknown) => errorCode(e)),
      ]);
      expect([ra, rb].sort()).toEqual(['ok', 'username-taken']);
      expect(await getUsernameOwner(name, a.client.db)).toBe(ra === 'ok' ? a.uid : b.uid);
      // The loser's profile was not written either (the update is all or nothing).
      const loser = ra === 'ok' ? b : a;
      expect((await get(child(ref(loser.client.db), `users/${loser.uid}/info`))).exists()).toBe(false);
    }
  });

  test('two signed-in users renaming to the same name in the same instant: one wins, the other gets username-taken', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await registeredUser();
      const b = await registeredUser();
      const name = unique('both');
      const [ra, rb] = await Promise.all([
        changeUsername(a.uid, a.username, name, a.client.db).then(() => 'ok', (e: unknown) => errorCode(e)),
        changeUsername(b.uid, b.username, name, b.client.db).then(() => 'ok', (e: unknown) => errorCode(e)),
      ]);
      expect([ra, rb].sort()).toEqual(['ok', 'username-taken']);
      const [winner, loser] = ra === 'ok' ? [a, b] : [b, a];
      expect(await getUsernameOwner(name, a.client.db)).toBe(winner.uid);
      expect(await getUsername(loser.uid, loser.client.db)).toBe(loser.username);
      expect(await getUsernameOwner(loser.username, loser.client.db)).toBe(loser.uid);
    }
  });
});
