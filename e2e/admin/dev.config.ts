import { readFileSync } from 'node:fs';
import base from '../playwright.config';

// For developing the admin specs against a running `admin-console/scripts/dev-stack.ts`
// (no global setup, no public site): npx playwright test -c e2e/admin/dev.config.ts
const info = JSON.parse(readFileSync(new URL('../../.data/admin-console/dev.json', import.meta.url), 'utf8'));
Object.assign(process.env, { PUBLIC_URL: info.ADMIN_URL.replace(/\/admin\/$/, ''), ...info });

export default {
  ...base,
  globalSetup: undefined,
  outputDir: '../../.data/admin-console/artifacts',
  testDir: '.',
  projects: [{ name: 'admin-dev', testMatch: '*.spec.ts' }],
};
