import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = './packages/web/src';

// One zone per web feature, read from the folder so a new feature is covered without editing this file.
const webFeatures = readdirSync(`${root}/packages/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Server folders that are wiring and infrastructure; every other folder under server/src is a domain.
const serverInfrastructure = ['http', 'db', 'errors', 'config', 'logging', 'limits'];
const serverDomains = readdirSync(`${root}/packages/server/src`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverInfrastructure.includes(entry.name))
  .map((entry) => `./packages/server/src/${entry.name}`);

/** The import directions of STYLE.md rule 1, as bulletproof-react enforces them. */
const importZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Imports flow shared → features → app: a feature never imports the app.',
  },
  {
    target: [`${web}/lib`, `${web}/components`, `${web}/config`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (lib, components, config) never imports a feature or the app.',
  },
  {
    target: './packages/server/src/http',
    from: ['./packages/server/src/*/*-routes.ts'],
    message: 'http/ is wiring only: the composition root (src/app.ts) registers the route modules.',
  },
  {
    target: './packages/server/src/http/!(*.test).ts',
    from: [...serverDomains, './packages/server/src/app-deps.ts'],
    message:
      'http/ imports no domain folder: domains import http, not the other way (guards that resolve callers live in auth/).',
  },
  {
    target: './packages/core',
    from: ['./packages/server', './packages/web', './packages/scanner'],
    message: 'core is imported by server, web and scanner, and imports none of them.',
  },
  {
    target: ['./packages/web', './packages/scanner'],
    from: ['./packages/server'],
    message: 'web and scanner talk to the server through its HTTP API only.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      parserOptions: {
        // Type-aware rules: each file is checked with the tsconfig that holds it.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    settings: {
      // import-x reads the imported TypeScript modules too (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'packages/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          // Workspace packages resolve to their TypeScript sources, as the type check sees them.
          conditionNames: ['source', 'types', 'import', 'node', 'browser', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
