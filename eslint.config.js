import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Route files declare routes: route → schema → policy → service → Prisma → mapper. Queries live in services.
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/generated/prisma/**', '**/generated/prisma', '@prisma/*'], message: 'Route files call services; Prisma belongs in a *.service.ts.' }] },
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
      ],
    },
  },
);
