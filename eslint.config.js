import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.venv*/**', '.local/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [{
        name: '@cloudscape-design/components/status-indicator',
        importNames: ['default'],
        message: "Use web/src/widgets/StatusIndicator: Cloudscape's breaks a sentence inside its words.",
      }] }],
    },
  },
  { files: ['web/src/widgets/StatusIndicator.tsx'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['**/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // `import { z } from 'zod'` keeps all of zod in every bundle (+350 kB minified); the namespace import tree-shakes.
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
        message: "Use `import * as z from 'zod'` so bundles tree-shake zod.",
      }],
    },
  },
);
