import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditVerdict, type LockFile } from './audit';

// fixtures/audit-report.json is a report in npm 11's `npm audit --json` format (auditReportVersion
// 2) with real advisories, and fixtures/audit-lock.json the package-lock.json entries of the copies
// it names: a critical and a high advisory in runtime copies (one package installed twice, once for
// the tooling and once for scripts' runtime), a critical one in tooling only (with the package it
// reaches through `via`), a moderate one in a runtime dependency. fixtures/audit-405.json is what
// npm printed here, where the registry has no audit endpoint (405).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const recorded = fixture('audit-report.json');
const lock = JSON.parse(fixture('audit-lock.json')) as LockFile;

const report = (vulnerabilities: Record<string, unknown>) => JSON.stringify({ auditReportVersion: 2, vulnerabilities });

describe('the audit verdict', () => {
  it('passes a report without advisories', () => {
    expect(auditVerdict(report({}))).toEqual({
      status: 'ok',
      lines: ['no high or critical advisories in runtime dependencies'],
    });
  });

  it('fails on a high or critical advisory, naming the package and the advisory', () => {
    const verdict = auditVerdict(
      report({
        nodemailer: { severity: 'high', via: [{ title: 'Header injection' }], fixAvailable: true },
        'some-lib': { severity: 'critical', via: ['nodemailer'] },
        tiny: { severity: 'moderate', via: [] },
      }),
    );
    expect(verdict).toEqual({
      status: 'failed',
      lines: [
        'critical: some-lib',
        'high: nodemailer (Header injection), fix available (npm audit fix)',
        '1 package(s) with low or moderate advisories (not blocking): npm audit --omit=dev',
      ],
    });
  });

  it('lets low and moderate advisories pass, saying so', () => {
    expect(auditVerdict(report({ tiny: { severity: 'low' } })).status).toBe('ok');
  });

  it('tells an audit that could not run from a clean one', () => {
    expect(
      auditVerdict(JSON.stringify({ error: { code: 'ENOAUDIT', summary: 'endpoint returned an error' } })),
    ).toEqual({
      status: 'unavailable',
      lines: ['npm audit could not run: endpoint returned an error'],
    });
    expect(auditVerdict('').status).toBe('unavailable');
    // A registry mirror without the audit endpoint (npm reports the refused request).
    expect(auditVerdict(JSON.stringify({ message: '405 Method Not Allowed', error: { summary: '' } })).lines).toEqual([
      'npm audit could not run: 405 Method Not Allowed',
    ]);
  });

  it('fails on high or critical advisories in runtime copies of a recorded report, not on tooling-only ones', () => {
    expect(auditVerdict(recorded, lock)).toEqual({
      status: 'failed',
      lines: [
        'critical: form-data (form-data uses unsafe random function in form-data for choosing boundary), fix available (npm audit fix)',
        'high: cross-spawn (Regular Expression Denial of Service (ReDoS) in cross-spawn), fix available (npm audit fix)',
        '1 package(s) with low or moderate advisories (not blocking): npm audit --omit=dev',
        '2 package(s) with advisories in development tools only (not blocking): minimist, mkdirp',
      ],
    });
  });

  it('passes the recorded report once the runtime copies are fixed, the tooling advisories still listed', () => {
    const report = JSON.parse(recorded) as { vulnerabilities: Record<string, { nodes: string[] }> };
    delete report.vulnerabilities['form-data'];
    // cross-spawn's runtime copy updated: only the tooling's copy is left vulnerable.
    report.vulnerabilities['cross-spawn']!.nodes = ['node_modules/cross-spawn'];
    expect(auditVerdict(JSON.stringify(report), lock)).toEqual({
      status: 'ok',
      lines: [
        'no high or critical advisories in runtime dependencies',
        '1 package(s) with low or moderate advisories (not blocking): npm audit --omit=dev',
        '3 package(s) with advisories in development tools only (not blocking): cross-spawn, minimist, mkdirp',
      ],
    });
  });

  it('counts a copy the lock does not know as runtime (in doubt, it blocks)', () => {
    const report = JSON.parse(recorded) as { vulnerabilities: Record<string, { nodes: string[] }> };
    report.vulnerabilities['minimist']!.nodes = ['public-site/node_modules/minimist'];
    expect(auditVerdict(JSON.stringify(report), lock).lines).toContain(
      'critical: minimist (Prototype Pollution in minimist), fix available (npm audit fix)',
    );
  });

  it('warns, without failing, on the answer of a registry without the audit endpoint (recorded)', () => {
    expect(auditVerdict(fixture('audit-405.json'), lock)).toEqual({
      status: 'unavailable',
      lines: [
        'npm audit could not run: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      ],
    });
  });
});
