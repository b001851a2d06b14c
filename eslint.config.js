import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'bench/out/**',
      '**/.turbo/**',
      'test-artifacts/**',
      '**/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*/**', '../../services/**'],
              message: 'A service never imports another service: talk by events or HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // A service's domain/ holds pure rules: no I/O, no database types, no web framework.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*/**', '../../services/**'],
              message: 'A service never imports another service: talk by events or HTTP.',
            },
            {
              group: ['../db', '../db/**', '../adapters/**', '../http/**', '../app/**', '../jobs/**', '../events/**'],
              message: 'domain/ imports nothing from db/, adapters/, http/, app/, jobs/ or events/.',
            },
            {
              group: ['kysely', 'pg', 'express', 'amqplib', 'bullmq', 'ioredis', 'nodemailer', 'twilio', 'exceljs', 'pdfkit'],
              message: 'domain/ is pure: I/O and file formats belong in db/ or adapters/.',
            },
          ],
        },
      ],
    },
  },
  {
    // System tests put several services side by side; services themselves never import each other.
    files: ['tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
