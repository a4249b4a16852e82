import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'web/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', URL: 'readonly', fetch: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', setImmediate: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
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
);
