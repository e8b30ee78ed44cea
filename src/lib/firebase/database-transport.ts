// How the page's Realtime Database client connects: over WebSocket only.
//
// The SDK's other transport, long polling, loads its frames as JSONP <script> elements from the
// database host. The app is cross-origin isolated (COEP `require-corp`, server/http-headers.ts: TF.js
// needs SharedArrayBuffer for its threaded WASM backend), so every such script needs a
// Cross-Origin-Resource-Policy header, which no Firebase database host sends and the local stand-in
// does not serve at all (it answers `/.lp` with 404): under this page long polling can never connect.
// `credentialless` COEP would let those scripts through in Chromium and Firefox, but Safari ignores
// it (the page would lose cross-origin isolation there), and the stand-in would still need a
// long-polling server. So the client uses WebSockets alone; a network that blocks them cannot reach
// the database, and the forms say so within seconds (database-reachable.ts) instead of waiting.
//
// The SDK marks `firebase:previous_websocket_failure` in localStorage whenever a WebSocket opens
// and clears it only once the connection is "healthy" (two replies, or pings after 5 s): a reload
// a moment after a refused sign-up leaves it set, and it then starts with long polling, the hang
// that this prevents. With long polling off the mark no longer chooses anything; it is removed anyway, so
// a browser carries no stale "failure" from an older build of the app into any later one.
import { forceWebSockets } from 'firebase/database';

/** The SDK's localStorage key (its storage prefixes 'firebase:'). */
export const WEBSOCKET_FAILURE_MARK = 'firebase:previous_websocket_failure';

let applied = false;

/** Call before the first database reference is made (the SDK picks its transports then, for the
 * whole page: once is enough, and a later call only earns the SDK's "already initialized" warning). */
export function connectOverWebSocketsOnly(): void {
  if (applied) return;
  applied = true;
  forceWebSockets();
  // Only a page has the mark (in Node the SDK keeps its storage in memory; newer Node versions
  // have a localStorage of their own that is none of the SDK's business).
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.removeItem(WEBSOCKET_FAILURE_MARK);
  } catch {
    // Storage refused (privacy settings): then the SDK keeps its mark in memory only.
  }
}
