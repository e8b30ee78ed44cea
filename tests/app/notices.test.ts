// The repository says under which licence it is and lists what of others it ships:
// every data folder, every model file copied into public/models, and no font file unlisted.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

const notices = readFileSync(join(ROOT, 'NOTICES.md'), 'utf8');

test('the project has its own licence', () => {
  expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
});

test('NOTICES lists every data folder and every model the app serves, with a licence each', async () => {
  for (const folder of readdirSync(join(ROOT, 'data'), { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    expect(notices, folder.name).toContain(`\`data/${folder.name}/\``);
  }
  const copyModels = readFileSync(join(ROOT, 'scripts', 'copy-models.mjs'), 'utf8');
  // The list's comments may hold apostrophes ("MediaPipe's"): only its string literals are names.
  const models = /USED_MODELS = \[([^\]]*)\]/.exec(copyModels)?.[1]?.replace(/\/\/.*$/gm, '').match(/'[^']+'/g)?.map((name) => name.slice(1, -1)) ?? [];
  expect(models.length).toBeGreaterThan(0);
  for (const model of models) expect(notices, model).toContain(`\`${model}\``);
  for (const licence of ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC']) expect(notices).toContain(licence);
});

test('the app ships no font file NOTICES does not name', () => {
  const fonts = (folder: string): string[] =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((file) => /\.(woff2?|ttf|otf|eot)$/i.test(file));
  const shipped = [...fonts('src'), ...fonts('public').filter((file) => !file.startsWith('models'))];
  for (const file of shipped) expect(notices, file).toContain(file);
  if (shipped.length === 0) expect(notices).toMatch(/## Fonts\n\nNone\./);
});
