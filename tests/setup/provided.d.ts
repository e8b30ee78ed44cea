// Values the global setup provides to the `backend` and `e2e` projects (inject('appUrl') ...).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://localhost:5273 */
    appUrl: string;
    /** http://learn.localhost:5273 (the learning subdomain) */
    learnAppUrl: string;
    /** 127.0.0.1:9199 */
    authEmulatorHost: string;
    /** 127.0.0.1:9100 */
    databaseEmulatorHost: string;
    /** http://127.0.0.1:9100?ns=demo-signlearn: for the client SDK and for admin REST */
    databaseUrl: string;
    projectId: string;
    /** 'official' or 'stand-in' */
    databaseKind: string;
  }
}
