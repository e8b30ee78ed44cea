import { TrackerClient } from './tracker_client.ts';

/**
 * Starts the tracker worker and returns its client. Written as `new Worker(new URL(...))` so that
 * Vite bundles the worker with its dependencies.
 */
export function createTrackerClient(): TrackerClient {
  const worker = new Worker(new URL('./tracker_worker.ts', import.meta.url), { type: 'module', name: 'tracker' });
  return new TrackerClient(worker as unknown as ConstructorParameters<typeof TrackerClient>[0]);
}
