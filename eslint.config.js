import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// The layers of src/ (docs/development.md): routes → areas (service → repo) → db; lib/ and domain/ below them all.
const REPOS = ['./src/**/repo.ts', './src/**/*-repo.ts'];
const layers = [
  { target: './src/areas', from: './src/routes', message: 'An area never imports a route: routes call areas.' },
  { target: './src/areas', from: './src/workers', message: 'An area never imports the workers starter; a worker loop comes from src/lib/loop.ts.' },
  { target: './src/http', from: './src/routes', message: 'src/http is shared by every route and imports none.' },
  { target: './src/db', from: ['./src/areas', './src/routes', './src/http', './src/workers'], message: 'src/db is the bottom layer.' },
  { target: './src/lib', from: ['./src/areas', './src/routes', './src/http', './src/workers', './src/db'], message: 'src/lib imports no area, route or database code.' },
  { target: './src/domain', from: ['./src/areas', './src/routes', './src/http', './src/workers', './src/db'], message: 'src/domain is pure logic: no I/O, no area.' },
  { target: REPOS, from: ['./src/**/service.ts', './src/routes/**'], message: 'A repository is SQL only: it imports no service and no route.' },
  { target: './src/routes', from: REPOS, message: 'A route calls its area\'s service, never a repository.' },
  { target: './src/http', from: ['./src/areas/*/repo.ts', './src/areas/**/*-repo.ts'], message: 'src/http (guards, errors, schemas) calls an area\'s service, never its repository.' },
];

// The web app (docs/development.md, "The web app"): three entries that share web/src/shared and web/src/api and
// never import one another; shared code imports no entry, and the API layer imports nothing of the pages.
const ENTRIES = ['portal', 'admin', 'status'];
const webZones = [
  ...ENTRIES.map((entry) => ({
    target: `./web/src/${entry}`,
    from: ENTRIES.filter((other) => other !== entry).map((other) => `./web/src/${other}`),
    message: `An entry imports shared code (web/src/shared, web/src/api) only, never another entry: ${entry} would load its chunk.`,
  })),
  { target: './web/src/shared', from: ENTRIES.map((entry) => `./web/src/${entry}`), message: 'web/src/shared is used by every entry and imports none.' },
  { target: './web/src/api', from: ['./web/src/shared', ...ENTRIES.map((entry) => `./web/src/${entry}`)], message: 'web/src/api is the bottom of the web app.' },
];
// Where the web app talks to the API: its query modules (web/src/api/, web/src/<entry>/api/, web/src/shared/api/).
const WEB_QUERY_MODULES = ['web/src/api/**', 'web/src/*/api/**'];
const QUERY_MODULE = 'Pages take their data from the resource\'s query module (web/src/<entry>/api/<resource>.ts, or web/src/shared/api/): its hooks, queryOptions and mutations.';
const API_CALLS = { group: ['**/api/client'], importNames: ['api', 'unwrap', 'unwrapFile'], message: QUERY_MODULE };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'web/vendor/**', 'web/dist/**', 'web/e2e/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', URL: 'readonly', fetch: 'readonly', Request: 'readonly', Response: 'readonly', Headers: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', setImmediate: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Playwright fixtures take their dependencies by destructuring: `async ({}, use)` is how one that needs none is written.
    files: ['web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Layers and cycles. Type-only imports are not followed by no-cycle: the Deps container (src/context.ts) names the
    // areas' service types and the areas take Deps, which costs nothing at run time.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle parses every imported file to follow its imports: with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
    },
  },
  {
    // SQL only in repositories: a statement lives in the repo of the area that owns its table
    // (docs/development.md), engine-generic ones in src/db/. Elsewhere, no query builder entry
    // point, no sql tag and no driver call.
    files: ['src/**/*.ts'],
    ignores: [
      'src/**/repo.ts',
      'src/**/*-repo.ts',
      'src/db/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', importNames: ['sql'], message: 'SQL belongs in a repo.ts of the area that owns the table (or src/db/).' },
            { name: 'pg', allowTypeImports: true, message: 'Driver statements belong in a repo.ts or src/db/.' },
            { name: 'better-sqlite3', allowTypeImports: true, message: 'Driver statements belong in a repo.ts or src/db/.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery|prepare|pragma|query)$/]',
          message: 'SQL belongs in a repo.ts of the area that owns the table (or src/db/); call that repo (or its service) instead.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './web/tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A page or component takes its data from its resource's query module: no call of the API and no query key of
    // its own, so every key comes from one factory and every write invalidates through it.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: WEB_QUERY_MODULES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [API_CALLS] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name="api"][callee.property.name=/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/]',
          message: QUERY_MODULE,
        },
        {
          selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression.value',
          message: 'Query keys come from the resource\'s key factory in its query module (`partnerKeys.detail(id)`), not from a page.',
        },
      ],
    },
  },
  {
    // An entry's pages and components use the query modules' hooks: they make no query, mutation or invalidation of their own.
    files: ENTRIES.map((entry) => `web/src/${entry}/**/*.{ts,tsx}`),
    ignores: WEB_QUERY_MODULES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient', 'queryOptions'],
              message: QUERY_MODULE,
            },
          ],
          patterns: [API_CALLS],
        },
      ],
    },
  },
);
