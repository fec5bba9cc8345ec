import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of client/src/features is one feature: it may import the shared layers (components, lib,
// config, shared/) but not another feature nor the app that composes them.
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's layers (docs/architecture.md, "Layers"): lib/ and db/ are infrastructure, every other folder of
// server/src is one capability.
const serverFolders = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
  .map((entry) => entry.name);

// Prisma's model delegates (`db.article`, `tx.imageVariants`…), read from the schema so that a new model is covered.
const prismaModels = [...readFileSync(new URL('./prisma/schema.prisma', import.meta.url), 'utf8').matchAll(/^model (\w+)/gm)].map(
  ([, name]) => name[0].toLowerCase() + name.slice(1),
);
const PRISMA_OPERATIONS = [
  'findMany', 'findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'create', 'createMany',
  'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany',
  'count', 'aggregate', 'groupBy',
];
const QUERIES_BELONG = 'Database access belongs in a service (*.service.ts) or a repository of its folder (*.repository.ts): docs/architecture.md, "Layers".';
/** Every way the server reaches PostgreSQL: a Prisma model call, a raw statement or a transaction, a `pg` query. */
const databaseAccess = [
  {
    selector: `CallExpression > MemberExpression.callee[property.name=/^(${PRISMA_OPERATIONS.join('|')})$/][object.type='MemberExpression'][object.property.name=/^(${prismaModels.join('|')})$/]`,
    message: QUERIES_BELONG,
  },
  {
    selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|queryRawTyped|transaction)$/]",
    message: QUERIES_BELONG,
  },
  { selector: "CallExpression > MemberExpression.callee[property.name='query']", message: QUERIES_BELONG },
];

/** Deep relative imports are hard to read and to move: from three folders up, the package's own aliases. */
const NO_CLIMBING = {
  group: ['../../../*', '../../../**'],
  message: 'An import climbs at most two folders: use #shared/…, #server/…, #client/… or #tests/… (package.json "imports").',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'server/src/generated/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'uploads/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' },
      ],
      'no-console': 'off',
      'no-restricted-imports': ['error', { patterns: [NO_CLIMBING] }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_CLIMBING],
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useInfiniteQuery', 'useMutation'],
              message: "From '#client/lib/query-hooks': the same hooks, lighter in the server's render (docs/decisions/073-server-query-hooks.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The hooks' own module, and its test comparing them with the package's.
    files: ['client/src/lib/query-hooks.ts', 'client/src/lib/query-hooks.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMBING] }] },
  },
  {
    // Route files declare routes: route → schema → policy → service → Prisma → mapper. Queries live in services.
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/generated/prisma/**', '**/generated/prisma', '@prisma/*'], message: 'Route files call services; Prisma belongs in a *.service.ts.' },
            NO_CLIMBING,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(db|tx)$/][property.name=/^\\$/], MemberExpression[object.type='MemberExpression'][object.object.name=/^(db|tx)$/]",
          message: 'No queries in route files: call a service (db.<model>.<op> and db.$… belong in a *.service.ts).',
        },
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.object.type='MemberExpression'][object.object.property.name='db']",
          message: 'No queries in route files: call a service (ctx.db.<model>.<op> belongs in a *.service.ts).',
        },
        ...databaseAccess,
      ],
    },
  },
  {
    // The database is queried by services and their repositories, by db/ itself, and by tests checking what was stored.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.routes.ts',
      'server/src/**/*.service.ts',
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      'server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...databaseAccess] },
  },
  {
    // No import cycles in the client, the server or shared/ (type-only imports are not counted).
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/src/lib',
              from: './server/src',
              except: ['./lib', './config.ts', './generated/prisma/enums.ts'],
              message: 'lib/ is infrastructure: it imports only lib/, config.ts and the schema\'s enums, no capability and not db/.',
            },
            {
              target: './server/src/db',
              from: './server/src',
              except: ['./db', './lib', './config.ts', './generated'],
              message: 'db/ is infrastructure: it imports only db/, lib/, config.ts and the generated client, no capability.',
            },
            // A repository is its folder's own: other folders call the folder's services.
            ...serverFolders.map((folder) => ({
              target: [...serverFolders.filter((other) => other !== folder).map((other) => `./server/src/${other}`), './server/src/*.ts'],
              from: `./server/src/${folder}/**/*.repository.ts`,
              message: `A repository is used only by its own folder: call a service of ${folder}/ instead.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in client/src/app.',
            })),
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features do not import the app that composes them.',
            },
            {
              target: ['./client/src/components', './client/src/lib', './client/src/config'],
              from: ['./client/src/features', './client/src/app'],
              message: 'The shared layers (components, lib, config) do not import features or the app.',
            },
          ],
        },
      ],
    },
  },
);
