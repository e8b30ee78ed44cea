// Mounts the feedback endpoints on Vite's dev and preview servers (same origin as the app).
import type { Plugin } from 'vite';
import { createFeedbackMiddleware, feedbackOptionsFromEnv } from './feedback.ts';

export function feedbackEndpoints(): Plugin {
  return {
    name: 'signlearn-feedback-endpoints',
    configureServer(server) {
      server.middlewares.use(createFeedbackMiddleware(feedbackOptionsFromEnv({ ...process.env, ...server.config.env })));
    },
    configurePreviewServer(server) {
      server.middlewares.use(createFeedbackMiddleware(feedbackOptionsFromEnv({ ...process.env, ...server.config.env })));
    },
  };
}
