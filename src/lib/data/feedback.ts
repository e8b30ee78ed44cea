// The two HTTP calls of product.md §7 Calls, same-origin with the app (server/feedback.ts).
// A signed-in caller's ID token goes along so the stored entry carries the uid.
import { getFirebaseClient } from '@/lib/firebase/client.ts';

async function idToken(): Promise<string | null> {
  try {
    return (await getFirebaseClient().auth.currentUser?.getIdToken()) ?? null;
  } catch {
    return null;
  }
}

async function post(path: string, body: unknown, baseUrl = ''): Promise<Response> {
  const token = await idToken();
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** POST /receive_feedback {feedback}. Resolves to the response; the caller checks `ok`. */
export function sendFeedback(feedback: string, baseUrl?: string): Promise<Response> {
  return post('/receive_feedback', { feedback }, baseUrl);
}

/** POST /receive_feedback_sign {feedback, email, sign}. */
export function sendSignFeedback(values: { feedback: string; email: string; sign: string }, baseUrl?: string): Promise<Response> {
  return post('/receive_feedback_sign', values, baseUrl);
}
