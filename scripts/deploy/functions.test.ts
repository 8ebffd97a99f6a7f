import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deployableFunctions, unsetVariables, variablesRead } from './functions.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function functionsDir(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the functions a release deploys', () => {
  it('are the folders the CLI uploads: a function name and an index.ts', () => {
    const root = functionsDir({
      'send-mail/index.ts': '',
      'admin-users/index.ts': '',
      '_shared/mail.ts': '',
      '_probe/index.ts': '',
      'notes/readme.md': '',
    });
    expect(deployableFunctions(root)).toEqual(['admin-users', 'send-mail']);
  });

  it('need every variable they read set by Supabase or by the release', () => {
    const root = functionsDir({
      'send-mail/index.ts': 'Deno.env.get(\'SUPABASE_URL\'); Deno.env.get("SMTP_HOST");',
      '_shared/smtp.ts': "Deno.env.get('SMTP_PASS')",
      '_probe/index.ts': "Deno.env.get('PROBE_ONLY')",
    });
    const read = variablesRead(root, ['send-mail']);
    expect(read).toEqual(['SMTP_HOST', 'SMTP_PASS', 'SUPABASE_URL']);
    expect(unsetVariables(read, { SMTP_HOST: 'smtp' })).toEqual(['SMTP_PASS']);
    expect(unsetVariables(read, { SMTP_HOST: 'smtp', SMTP_PASS: '' })).toEqual([]);
  });
});
