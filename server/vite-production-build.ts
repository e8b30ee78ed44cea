// The production build's own steps (a Vite plugin, build only):
// - it says what it points at: without the Firebase settings it stops and names the missing ones,
//   unless the emulator target is asked for (`--mode emulators`, or VITE_USE_EMULATORS=true);
// - it writes the Content-Security-Policy for these settings (server/http-headers.ts) where the
//   server reads it (dist/.content-security-policy.json);
// - it writes Brotli and gzip copies of what compresses (server/precompress.ts).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { firebaseOrigins, missingProductionSettings, readFirebaseSettings, type FirebaseEnv } from '../src/lib/firebase/config.ts';
import { contentSecurityPolicies, CSP_FILE } from './http-headers.ts';
import { precompressFolder } from './precompress.ts';

/** The mode that builds for the local emulators (`npm run build -- --mode emulators`). */
export const EMULATOR_MODE = 'emulators';

/** The error a production build without Firebase settings stops with; null when it may go on. */
export function productionSettingsError(mode: string, env: FirebaseEnv): string | null {
  if (mode === EMULATOR_MODE || env.VITE_USE_EMULATORS === 'true') return null;
  const missing = missingProductionSettings(env);
  if (missing.length === 0) return null;
  return [
    `The production build needs the Firebase web config, and these are not set: ${missing.join(', ')}.`,
    'Put them in .env.local (see .env.example and docs/engineer/backend.md, "Production"), or build for the local',
    `emulators on purpose with \`npm run build -- --mode ${EMULATOR_MODE}\` (or VITE_USE_EMULATORS=true).`,
  ].join('\n');
}

export function productionBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'signlearn-production-build',
    apply: 'build',
    config(user, { mode }) {
      const env = loadEnv(mode, resolve(user.root ?? process.cwd(), user.envDir || '.'), 'VITE_') as FirebaseEnv;
      const error = productionSettingsError(mode, env);
      if (error) throw new Error(error);
      const target = mode === EMULATOR_MODE || env.VITE_USE_EMULATORS === 'true' ? 'emulators' : 'production';
      // Read by src/lib/firebase/client.ts: a production bundle holds no emulator defaults.
      return { define: { __SIGNLEARN_FIREBASE_TARGET__: JSON.stringify(target) } };
    },
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const policies = contentSecurityPolicies(firebaseOrigins(readFirebaseSettings(config.env as FirebaseEnv)));
      writeFileSync(join(outDir, CSP_FILE), JSON.stringify(policies, null, 2) + '\n');
      const files = await precompressFolder(outDir);
      const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
      const br = files.reduce((sum, f) => sum + (f.br ?? f.bytes), 0);
      config.logger.info(`precompressed ${files.length} files: ${(bytes / 2 ** 20).toFixed(1)} MiB -> ${(br / 2 ** 20).toFixed(1)} MiB with Brotli`);
    },
  };
}
