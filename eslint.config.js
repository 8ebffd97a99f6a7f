// Lint: eslint's and typescript-eslint's recommended rules plus the React hooks rules.
// Type-aware rules are left to `tsc` (npm run typecheck) to keep lint fast on 2 cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/*.d.ts',
      'shared/src/database.types.ts',
      'supabase/functions/**',
      'supabase/.temp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['public-site/**/*.{ts,tsx}', 'admin-console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every staff export goes through the one CSV writer (admin-console/src/common/csv.ts):
    // formulas neutralised, a byte-order mark. Reading CSV (the students' import) may use Papa.
    files: ['admin-console/src/**/*.{ts,tsx}'],
    ignores: ['admin-console/src/common/csv.ts', 'admin-console/src/common/csvExport.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['downloadCSV'],
              message: 'Save CSV with saveCsv (common/csvExport.ts).',
            },
            { name: 'papaparse', importNames: ['unparse'], message: 'Write CSV with toCsv (common/csv.ts).' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'unparse', message: 'Write CSV with toCsv (common/csv.ts): formulas neutralised, a BOM.' },
      ],
    },
  },
  {
    // Tests build fakes of library types; `any` there is a tool, not a leak.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures declare "no dependencies" with an empty pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
