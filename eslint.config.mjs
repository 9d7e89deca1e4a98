// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-incomplete/',
      'build-incomplete-server-bundle/',
      'build-previous/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '**/sidebar.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{mjs,js,ts}'],
    languageOptions: {globals: {...globals.node}},
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: {...globals.node}},
  },
  {
    files: ['src/**/*.{ts,tsx}', 'static/**/*.js'],
    languageOptions: {globals: {...globals.browser}},
  },
);
