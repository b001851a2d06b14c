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
    // System tests put several services side by side; services themselves never import each other.
    files: ['tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
