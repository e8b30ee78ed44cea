// The tools the tests, the bench and the local stack run keep a settings file in the user's
// config folder (configstore: firebase-tools.json, lighthouse.json, update-notifier's), which is
// ~/.config unless XDG_CONFIG_HOME says otherwise. A clone's runs write nothing outside the clone
// and the temporary folder, so every entry point imports this module first: the process and every
// process it starts keep those files in the clone's .cache/config. Node built-ins only (it runs
// before `npm install` in ensure-setup's callers).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFIG_HOME = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'config');
process.env.XDG_CONFIG_HOME = CONFIG_HOME;
