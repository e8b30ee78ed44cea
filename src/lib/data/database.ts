// The database the data functions use: the page's client unless a caller passes its own
// (tests race two signed-in clients this way).
import type { Database } from 'firebase/database';
import { getFirebaseClient } from '@/lib/firebase/client.ts';

export const defaultDatabase = (): Database => getFirebaseClient().db;
