// Whether the Realtime Database can be reached, within a bound. The SDK never fails a read or a
// write for want of a connection: it queues it and reconnects forever, so a form that waits on the
// database would spin for as long as the network (or a WebSocket-blocking proxy, see
// database-transport.ts) keeps it away. The forms ask this first and say so instead.
import { onValue, ref, type Database } from 'firebase/database';
import { DataError } from '@/lib/data/errors.ts';

/** Time a form gives the database to connect: a WebSocket handshake takes well under a second on
 * a working network, and the learner hears back within 10 s of pressing the button. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/** Resolves once the client is connected (`.info/connected`); rejects with DataError
 * 'database-unreachable' when it is not within `timeoutMs`. */
export function whenDatabaseReachable(db: Database, timeoutMs = DATABASE_CONNECT_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let unsubscribe: (() => void) | null = null;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DataError('database-unreachable', `the database did not connect within ${timeoutMs} ms`))),
      timeoutMs,
    );
    unsubscribe = onValue(ref(db, '.info/connected'), (snapshot) => {
      if (snapshot.val() === true) finish(resolve);
    });
    // The first callback can come before onValue has returned (a client already connected).
    if (settled) unsubscribe();
  });
}
