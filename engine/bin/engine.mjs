#!/usr/bin/env node
// The engine's command line as the package's bin (`signlearn-engine <command>`; from the
// repository root `npm run engine -- <command>` does the same). The engine ships TypeScript
// sources; tsx compiles them on the fly.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
