// Lint for the app (src/): TypeScript rules, React hooks rules, and the import direction of
// STYLE.md enforced by import/no-restricted-paths: app -> features -> shared (components, hooks,
// lib, utils), and no feature imports another feature.
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/hooks', './src/lib', './src/utils'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'public/**', 'test-results/**'] },
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
);
