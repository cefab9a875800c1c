// ESLint flat config: type-checked TypeScript, React hooks, accessibility, import order, and the
// import rules of docs/code-layout.md (shared -> features -> app; src never imports server code
// except types and server/contracts; server and sw never import src).
import fs from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// every folder of src/features is a feature: a new one is fenced without editing this file
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'server/db/migrations', 'server/.build', '.tmp', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'tests/perf/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    // resolves `@/…` and extensionless TypeScript paths; without it the zones below see no import
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // a feature never imports another feature
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'A feature never imports another feature: move shared code to components/ or lib/.',
            })),
            // shared code never imports features or app
            {
              target: ['./src/components', './src/lib', './src/config', './src/hooks'],
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import features or app.',
            },
            { target: './src/features', from: './src/app', message: 'Features must not import app.' },
            // src imports only types (checked by TS) and the shared contracts from server
            {
              target: './src',
              from: './server',
              except: ['./contracts', './trpc/root.ts'],
              message: 'src/ may import only server/contracts (and types of the tRPC router).',
            },
            { target: './server', from: './src', message: 'server/ never imports src/.' },
            // a route parses and wires; the domain folders own the logic and never import a route
            {
              target: ['./server/!(routes)/**', './server/!(app).ts'],
              from: './server/routes',
              message: 'Only server/app.ts mounts routes: move what is shared into server/<domain>/ or server/contracts/.',
            },
            // the database layer is below every domain
            {
              target: './server/db',
              from: './server',
              except: ['./db', './lib', './contracts', './env.ts'],
              message: 'server/db/ imports only server/lib/ and the contracts’ types: a domain builds on the database, not the other way round.',
            },
            // except the sync queue's protocol, one module shared by the page and the worker
            {
              target: './sw',
              from: './src',
              except: ['./lib/sync/protocol.ts'],
              message: 'sw/ imports nothing of src/ but src/lib/sync/protocol.ts.',
            },
            { target: './sw', from: './server', message: 'sw/ never imports server/.' },
          ],
        },
      ],
    },
  },
  {
    // a route file only parses input and wires it to a domain module (server/<domain>/)
    files: ['server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 150 }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db/schema/*'],
              message: 'A route parses and wires: queries and rules live in server/<domain>/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // one navigation API: react-router's (react-router-dom only re-exports it)
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router-dom', message: "Import from 'react-router'." }] },
      ],
    },
  },
  {
    // the service worker has its own tsconfig (WebWorker lib)
    files: ['sw/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: ['./tsconfig.sw.json'], tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
