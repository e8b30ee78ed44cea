// Imported first by the entry (src/main.tsx), before any module creates a schema: zod decides at
// schema creation whether it may compile parsers with `new Function`, probing with `Function('')`.
// The app's Content-Security-Policy allows no eval, so that probe would be reported as a violation;
// jitless, zod validates without compiling and never probes.
import { config } from 'zod';

config({ jitless: true });
