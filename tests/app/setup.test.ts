// What setup may change on a machine: apt-get installs only the packages setup names,
// never what Debian merely recommends, after a line saying what and why, and can be skipped; CI
// runs the suite on the Node the README claims; the tools the tests start keep their settings in
// the clone (XDG_CONFIG_HOME), not in ~/.config.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_HOME } from '../../scripts/config-in-clone.mjs';
import { SKIP_APT_VARIABLE, SYSTEM_PACKAGES, announcement, aptInstallArguments } from '../../scripts/system-packages.mjs';
import { ROOT } from '../../server/paths.ts';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('setup changes only what it must', () => {
  test('apt-get installs the named packages and nothing recommended with them', () => {
    const names = SYSTEM_PACKAGES.map((item) => item.name);
    expect(names).toEqual(['chromium', 'chromium-headless-shell', 'ffmpeg', 'strace']);
    expect(aptInstallArguments(names)).toEqual(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'chromium-headless-shell', 'ffmpeg', 'strace']);
  });

  test('says before installing what it installs, why, and how to skip it', () => {
    const line = announcement(SYSTEM_PACKAGES);
    for (const item of SYSTEM_PACKAGES) expect(line).toContain(`${item.name} (${item.why})`);
    expect(line).toContain('--no-install-recommends');
    expect(line).toContain(`${SKIP_APT_VARIABLE}=1`);
    expect(read('docs/engineer/setup.md')).toContain(`${SKIP_APT_VARIABLE}=1`);
  });

  test('no other apt-get install in setup or CI', () => {
    for (const file of ['.ci/run', 'scripts/ensure-setup.mjs', 'scripts/start.mjs', 'scripts/test.mjs']) {
      expect(read(file), file).not.toMatch(/apt-get\s+(-\S+\s+)*install/);
    }
  });
});

describe('the Node version is true', () => {
  test('CI runs npm ci and npm test on the .nvmrc major, which the README and engines name', () => {
    const major = read('.nvmrc').trim();
    expect(major).toMatch(/^\d+$/);
    const ci = read('.ci/run');
    expect(ci).toContain('.nvmrc');
    expect(ci).toMatch(/npm pack [^\n]*node-linux-\$arch@\$major/);
    expect(ci.indexOf('export PATH="$node_dir/bin:$PATH"')).toBeLessThan(ci.indexOf('npm ci --no-audit'));
    expect(ci.trim().split('\n').slice(-2)).toEqual(['npm ci --no-audit --no-fund', 'npm test']);
    expect(read('README.md')).toContain(`Node ${major}`);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toContain(`^${major}.`);
  });
});

describe('the tools the tests start keep their settings in the clone', () => {
  test('XDG_CONFIG_HOME is the clone\'s .cache/config in the test process, so in what it starts', () => {
    expect(CONFIG_HOME).toBe(join(ROOT, '.cache', 'config'));
    expect(process.env.XDG_CONFIG_HOME).toBe(CONFIG_HOME);
  });

  test('every entry point that starts firebase-tools or lighthouse sets it first', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['bench', 'crash-faults']) expect(scripts[name], name).toContain('--import ./scripts/config-in-clone.mjs');
    for (const file of ['scripts/start.mjs', 'scripts/test.mjs']) {
      expect(read(file).split('\n').find((line) => line.startsWith('import ')), file).toMatch(/^import '\.\/config-in-clone\.mjs';/);
    }
  });
});
