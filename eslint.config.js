// Lint rules, including the import boundaries of STYLE.md: shared code (ui, data, domain) never
// imports features or app; features never import each other; workers/ import only src/domain and
// their own files, sw/ the data layer too (it sends the outbox while the app is closed); on the server, nothing below the HTTP layer imports it; no import
// cycles between files anywhere. The server's layers and folder cycles: .dependency-cruiser.cjs.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url));
// Everything under server/ but the HTTP layer (api), the launcher (stack) and the build plugins.
const SERVER_SERVICES = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['api', 'stack', 'build', 'types'].includes(entry.name))
  .map((entry) => `./server/${entry.name}`);

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'playwright-report', 'test-results', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: ['./src/app', './src/features', './src/data', './src/ui'],
              message: 'src/domain is pure: it imports nothing of the app.',
            },
            {
              target: ['./src/data', './src/ui'],
              from: ['./src/app', './src/features'],
              message: 'Shared code never imports features or the app shell.',
            },
            {
              target: './src/data',
              from: './src/ui',
              message:
                'Data runs below the screens: it says what happened (live-records.ts onAnnouncement), the UI decides how to show it.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app shell; move shared code down to ui/, data/ or domain/.',
            },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other; move what they share to ui/, data/ or domain/.',
            })),
            {
              target: './workers',
              from: ['./src/app', './src/features', './src/data', './src/ui', './server'],
              message: 'workers/ import only src/domain and their own files.',
            },
            {
              target: './sw',
              from: ['./src/app', './src/features', './src/ui', './server'],
              message: 'sw/ imports src/domain, the data layer it acts for while the app is closed (src/data), and its own files.',
            },
            { target: './src', from: ['./server', './tests'], message: 'The app never imports server or test code.' },
            {
              target: SERVER_SERVICES,
              from: ['./server/api', './server/stack'],
              message:
                'Server layers run one way (DESIGN §13, .dependency-cruiser.cjs): nothing below the HTTP layer imports it or the launcher.',
            },
            {
              target: './server/db',
              from: SERVER_SERVICES.filter((path) => path !== './server/db'),
              message: 'server/db is the bottom layer: it imports only src/domain.',
            },
            { target: './server', from: './tests', message: 'The server never imports test code.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Floating UI hands out `refs.setReference` / `refs.setFloating`, which are callback
    // setters; the React Compiler's refs rule mistakes them for reading a ref during render.
    files: ['src/ui/dropdown.tsx', 'src/ui/popover.tsx', 'src/ui/tooltip.tsx'],
    rules: { 'react-hooks/refs': 'off' },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    // Playwright fixtures take an (unused) object pattern as their first parameter.
    rules: { 'no-empty-pattern': 'off' },
  },
);
