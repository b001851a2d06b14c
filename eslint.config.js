import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

// An app's feature imports only itself, the app's lib/ and stores/, and @gleba/* packages; lib/
// imports no feature. Shared pieces move to lib/ (or @gleba/ui), so features never form cycles.
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const where = file.match(/frontends\/[^/]+\/src\/(?:features\/([^/]+)|(lib))\//);
    if (!where) return {};
    const [, ownFeature, inLib] = where;
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec).split(path.sep).join('/');
      const feature = target.match(/frontends\/[^/]+\/src\/features\/([^/]+)/);
      if (!feature) return;
      if (inLib) context.report({ node, message: `lib/ imports no feature (here: ${feature[1]}).` });
      else if (feature[1] !== ownFeature)
        context.report({
          node,
          message: `Feature ${ownFeature} imports feature ${feature[1]}: move the shared piece to lib/ or @gleba/ui.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// A service's SQL is written only in its db/ (migrations and repositories).
const sqlOnlyInDb = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message: 'Queries belong in db/repositories: call a repository function.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: 'SQL belongs in db/ (migrations and repositories).',
  },
];

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
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    plugins: { gleba: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'gleba/feature-boundaries': 'error' },
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
              group: [
                '../db',
                '../db/**',
                '../adapters/**',
                '../http/**',
                '../app/**',
                '../jobs/**',
                '../events/**',
              ],
              message: 'domain/ imports nothing from db/, adapters/, http/, app/, jobs/ or events/.',
            },
            {
              group: [
                'kysely',
                'pg',
                'express',
                'amqplib',
                'bullmq',
                'ioredis',
                'nodemailer',
                'twilio',
                'exceljs',
                'pdfkit',
              ],
              message: 'domain/ is pure: I/O and file formats belong in db/ or adapters/.',
            },
          ],
        },
      ],
    },
  },
  {
    // All SQL lives in a service's db/ (migrations and repositories); the rest calls repositories,
    // and may name kysely's types (Kysely, Transaction, Selectable) but not its query builder.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/db/**'],
    rules: {
      'no-restricted-syntax': ['error', ...sqlOnlyInDb],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: "Only db/ uses kysely's query builder: import its types with `import type`.",
            },
          ],
        },
      ],
    },
  },
  {
    // A route parses, authorizes and calls one use case: transactions are opened in app/.
    files: ['services/*/src/http/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...sqlOnlyInDb,
        {
          selector: "MemberExpression[property.name='transaction']",
          message: 'A route opens no transaction: call a use case in app/ that does.',
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
