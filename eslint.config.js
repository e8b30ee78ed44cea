// Lint, in four zones, each with the import direction of its design enforced by
// import/no-restricted-paths (and no-restricted-imports for packages):
//   src/     the app: TypeScript and React hooks rules, and STYLE.md's app -> features -> shared
//            (components, hooks, lib, utils), no feature importing another feature;
//   engine/  a standalone package: never imports the app, the server, the bench or the tests, nor
//            React or Firebase; its folders form layers (ENGINE_LAYERS below), each importing only
//            lower ones, so there is no import circle between folders, and its core (everything
//            below the tracker) never imports the tracker, the Node helpers or the command line;
//   server/  never imports the app's features or routes, the bench or the tests;
//   bench/   never imports the app's features or routes, or the tests.
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/hooks', './src/lib', './src/utils'];

/**
 * The engine's folders, lowest first. A folder imports only folders of lower layers: the data and
 * geometry first (core, angles, the reference format), then matching (the SPEC rule, precise mode),
 * the practice loop, what drives it (recordings, feedback, replay, score, evaluation, guides), the
 * tracker, and last the Node helpers and the command line.
 */
export const ENGINE_LAYERS = [
  ['core'],
  ['angles', 'motion'],
  ['reference'],
  ['match'],
  ['precise', 'handshape', 'movement'],
  ['practice'],
  ['recordings', 'feedback'],
  ['replay', 'score', 'evaluation', 'guide', 'tracker'],
  ['node'],
  ['cli'],
];

const engineFolderZones = ENGINE_LAYERS.flatMap((layer, rank) =>
  layer.map((folder) => ({
    target: `./engine/src/${folder}`,
    from: ENGINE_LAYERS.slice(rank)
      .flat()
      .filter((other) => other !== folder)
      .map((other) => `./engine/src/${other}`),
    message: `engine/src/${folder} may import only lower layers of the engine (ENGINE_LAYERS in eslint.config.js): no folder import circles.`,
  })),
);

/**
 * Inside the tracker, imports point down: the runtimes (browser/, node/) above the file that wires
 * the stages (landmark_tracker.ts), it above the stages, the stages above the graph helpers
 * (calculators/, webgpu/) and the base files (types, constants, options, hand sides). TRACKER_STAGES
 * are the stage files docs/engineer/tracker.md lists ("The files, by stage").
 */
const TRACKER = './engine/src/tracker';
const TRACKER_STAGES = [
  'pose_path.ts',
  'blazepose_internals.ts',
  'hand_tracks.ts',
  'hand_model_runner.ts',
  'hand_path.ts',
  'palm_search.ts',
  'palm_detector.ts',
  'wider_look.ts',
  'still_refinement.ts',
  'one_submission_frame.ts',
  'stage_timings.ts',
];
const trackerZones = [
  {
    target: `${TRACKER}/{*.ts,calculators/**,webgpu/**}`,
    from: [`${TRACKER}/landmark_tracker.ts`, `${TRACKER}/browser`, `${TRACKER}/node`],
    message: 'Inside the tracker only the runtimes (browser/, node/) import landmark_tracker.ts, and nothing below them imports them.',
  },
  {
    target: `${TRACKER}/{calculators,webgpu}/**`,
    from: TRACKER_STAGES.map((file) => `${TRACKER}/${file}`),
    message: "The tracker's graph helpers (calculators/, webgpu/) do not import its stages.",
  },
];

const outsideEngine = ['./src', './server', './bench', './tests', './scripts'];
const appInternals = ['./src/features', './src/app'];
const typescriptFiles = '**/*.{ts,tsx,mts}';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'public/**', 'test-results/**', 'engine/src/angles/kernel/angle_kernel_module.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // No feature imports another feature; the app composes them.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature; compose them in src/app.',
            })),
            // Features never import the app.
            { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
            // Shared code imports neither features nor the app.
            ...shared.map((target) => ({
              target,
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or the app.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: [`engine/${typescriptFiles}`, `server/${typescriptFiles}`, `bench/${typescriptFiles}`],
    languageOptions: { parser: tseslint.parser },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: ['./tsconfig.json', './engine/tsconfig.json'] } },
    },
  },
  {
    files: [`engine/${typescriptFiles}`],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './engine', from: outsideEngine, message: 'The engine is a standalone package: it never imports the app, the server, the bench or the tests.' },
            ...engineFolderZones,
            ...trackerZones,
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'No React in the engine.' },
            { group: ['firebase', 'firebase/*', '@firebase/*'], message: 'No Firebase in the engine.' },
          ],
        },
      ],
    },
  },
  {
    files: [`server/${typescriptFiles}`],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './server', from: [...appInternals, './bench', './tests'], message: "The server never imports the app's features or routes, the bench or the tests." }] },
      ],
    },
  },
  {
    files: [`bench/${typescriptFiles}`],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './bench', from: [...appInternals, './tests'], message: "The bench never imports the app's features or routes, or the tests." }] },
      ],
    },
  },
);
