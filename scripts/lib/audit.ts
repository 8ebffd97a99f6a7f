// The verdict on `npm audit --json` (npm's report format 2): the runtime dependencies (every
// workspace's "dependencies", not the tooling) may carry no advisory of high or critical severity.
// Which installed copies are tooling only is read from package-lock.json ("dev": true on every
// copy a report names), so advisories in development tools are listed without failing CI, and the
// decision is ours to test rather than npm's --omit=dev. npm's own exit code cannot be used alone:
// it is 1 both for advisories and for an audit service that did not answer, and the two call for
// different actions.

export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';
const BLOCKING: readonly Severity[] = ['high', 'critical'];

export interface AuditReport {
  vulnerabilities?: Record<
    string,
    { name?: string; severity: Severity; via?: unknown[]; fixAvailable?: unknown; nodes?: string[] }
  >;
  error?: { code?: string; summary?: string };
  /** The failed request's message, when the audit service refused it. */
  message?: string;
}

/** The part of package-lock.json (lockfileVersion 3) read: each installed copy's dev flag. */
export interface LockFile {
  packages: Record<string, { dev?: boolean }>;
}

export type Verdict =
  | { status: 'ok'; lines: string[] }
  | { status: 'failed'; lines: string[] }
  | { status: 'unavailable'; lines: string[] };

/**
 * What a report (npm's stdout, JSON) means for CI, with one line per blocking package. A package
 * is a runtime one when any of its copies (`nodes`) is not marked dev in the lock; without the
 * lock, or without nodes, every package counts as runtime (in doubt, it blocks).
 */
export function auditVerdict(stdout: string, lock?: LockFile): Verdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { status: 'unavailable', lines: ['npm audit gave no report (is the registry reachable?)'] };
  }
  if (report.error || !report.vulnerabilities)
    return {
      status: 'unavailable',
      lines: [
        `npm audit could not run: ${report.error?.summary || report.message || report.error?.code || 'no report'}`,
      ],
    };
  const devOnly = (nodes: string[] = []) => !!lock && nodes.length > 0 && nodes.every((n) => lock.packages[n]?.dev);
  const entries = Object.entries(report.vulnerabilities);
  const tooling = entries.filter(([, v]) => devOnly(v.nodes)).map(([name]) => name);
  const runtime = entries.filter(([, v]) => !devOnly(v.nodes));
  const blocking = runtime
    .filter(([, v]) => BLOCKING.includes(v.severity))
    .map(([name, v]) => {
      const titles = (v.via ?? [])
        .map((via) => (via && typeof via === 'object' && 'title' in via ? String(via.title) : null))
        .filter(Boolean);
      return `${v.severity}: ${name}${titles.length ? ` (${titles.join('; ')})` : ''}${v.fixAvailable ? ', fix available (npm audit fix)' : ''}`;
    })
    .sort();
  const others = runtime.length - blocking.length;
  const note = [
    ...(others > 0
      ? [`${others} package(s) with low or moderate advisories (not blocking): npm audit --omit=dev`]
      : []),
    ...(tooling.length > 0
      ? [
          `${tooling.length} package(s) with advisories in development tools only (not blocking): ${tooling.sort().join(', ')}`,
        ]
      : []),
  ];
  return blocking.length > 0
    ? { status: 'failed', lines: [...blocking, ...note] }
    : { status: 'ok', lines: [`no high or critical advisories in runtime dependencies`, ...note] };
}
