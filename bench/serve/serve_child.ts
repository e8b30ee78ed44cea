// The production server (server/serve.ts) in a process of its own for the serve bench, so its
// memory is its own and the load generator does not share its event loop.
// Usage (forked with IPC): serve_child.ts <dist folder>; sends {port}, answers 'memory' with
// process.memoryUsage().
import { createAppServer } from '../../server/serve.ts';

const server = createAppServer(process.argv[2], {
  ...process.env,
  // The feedback endpoint is measured on its validation path (no database behind the bench).
  SIGNLEARN_FEEDBACK_RATE_LIMIT: '100000000',
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'memory') {
    global.gc?.();
    process.send?.({ memory: process.memoryUsage() });
  }
});
process.on('disconnect', () => process.exit(0));
