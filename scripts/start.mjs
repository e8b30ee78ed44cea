// `npm start`: set up if needed, then run the app on its embedded default.
// The backend issue adds the local emulators and seeded content.
import { spawn, execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execSync('node scripts/ensure-setup.mjs', { cwd: root, stdio: 'inherit' });
const vite = spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' });
vite.on('exit', (code) => process.exit(code ?? 0));
