// A production build says what it points at: without the Firebase settings it
// stops and names the missing ones (the emulator target only when asked for); with them, the
// bundle holds that project and no emulator address, the CSP allows that project's hosts, the
// source maps are hidden and carry no source text, and Brotli/gzip copies are written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PRODUCTION_SETTINGS } from '@/lib/firebase/config.ts';
import { CSP_FILE, type BuildPolicies } from '../../server/http-headers.ts';

const root = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'signlearn-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** `vite build` (what `npm run build` runs after copying the models) with these settings; values
 * given here win over any .env.local of the developer's. */
function build(env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', VITE_USE_EMULATORS: '', ...Object.fromEntries(PRODUCTION_SETTINGS.map((name) => [name, ''])), ...env },
    timeout: 170_000,
  });
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

describe('npm run build', () => {
  test('without the Firebase settings it stops and names every missing one', { timeout: 60_000 }, () => {
    const result = build({ VITE_FIREBASE_PROJECT_ID: 'signlearn-prod' });
    expect(result.status, result.stdout).not.toBe(0);
    const missing = PRODUCTION_SETTINGS.filter((name) => name !== 'VITE_FIREBASE_PROJECT_ID');
    for (const name of missing) expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/not set: [^\n]*VITE_FIREBASE_PROJECT_ID/);
    expect(result.stderr).toContain('--mode emulators');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  });

  test('with them: that project and no emulator in the bundle, its hosts in the CSP, hidden maps without sources, compressed copies', { timeout: 180_000 }, () => {
    const result = build({
      VITE_FIREBASE_API_KEY: 'AIzaTestKeyForTheBuildTest',
      VITE_FIREBASE_AUTH_DOMAIN: 'signlearn-prod.firebaseapp.com',
      VITE_FIREBASE_DATABASE_URL: 'https://signlearn-prod-default-rtdb.firebaseio.com',
      VITE_FIREBASE_PROJECT_ID: 'signlearn-prod',
      VITE_FIREBASE_APP_ID: '1:123:web:abc',
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const files = filesUnder(join(outDir, 'assets'));
    const scripts = files.filter((file) => file.endsWith('.js'));
    const code = scripts.map((file) => readFileSync(file, 'utf8')).join('\n');
    // (booleans: a failure message would otherwise print megabytes of bundle)
    expect(code.includes('AIzaTestKeyForTheBuildTest'), 'the project\'s API key in the bundle').toBe(true);
    expect(code.includes('demo-api-key'), 'the emulator API key in the bundle').toBe(false);
    expect(code.includes('127.0.0.1:9099'), 'the Auth emulator address in the bundle').toBe(false);

    const policies = JSON.parse(readFileSync(join(outDir, CSP_FILE), 'utf8')) as BuildPolicies;
    const csp = policies.page;
    expect(policies.worker).toContain("script-src 'self' 'wasm-unsafe-eval' blob:");
    expect(csp).not.toMatch(/script-src[^;]*blob:/);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://signlearn-prod-default-rtdb.firebaseio.com', 'wss://*.firebaseio.com']));
    expect(csp).not.toContain('127.0.0.1');
    expect(csp).toContain("'wasm-unsafe-eval'");

    // Hidden maps: no pointer to them in the code, and no source text in them.
    expect(code.includes('sourceMappingURL'), 'a sourceMappingURL comment').toBe(false);
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const parsed = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> };
      expect(parsed.sources.length, map).toBeGreaterThan(0);
      expect((parsed.sourcesContent ?? []).filter((text) => text !== null), map).toEqual([]);
    }

    const entry = scripts.find((file) => /\/index-[\w-]+\.js$/.test(file))!;
    expect(existsSync(`${entry}.br`) && existsSync(`${entry}.gz`)).toBe(true);
    expect(readFileSync(`${entry}.br`).length).toBeLessThan(readFileSync(entry).length / 3);
    const worker = scripts.find((file) => file.includes('tracker_worker'));
    expect(worker && existsSync(`${worker}.br`)).toBe(true);
    expect(existsSync(join(outDir, 'models', 'wasm', 'tfjs-backend-wasm-simd.wasm.br'))).toBe(true);
  });
});
