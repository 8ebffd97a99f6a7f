// Reads docs/permissions.md: the matrix tables are the test's expectations.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, type RoleName } from './helpers.ts';

export interface Cell {
  subject: string;
  operation: string;
  role: RoleName;
  allowed: boolean;
}

export type Section = 'tables' | 'storage' | 'functions' | 'edge';

const HEADINGS: Record<Section, RegExp> = {
  tables: /^## Tables\b/,
  storage: /^## Storage\b/,
  functions: /^## Functions\b/,
  edge: /^## Edge Function\b/,
};

export function readPermissions(): string {
  return fs.readFileSync(path.join(repoRoot, 'docs', 'permissions.md'), 'utf8');
}

function sectionLines(doc: string, section: Section): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => HEADINGS[section].test(l));
  if (start < 0) throw new Error(`docs/permissions.md has no section for ${section}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('## '));
  return end < 0 ? rest : rest.slice(0, end);
}

function rows(lines: string[]): string[][] {
  return lines
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .slice(1); // header
}

const yesNo = (v: string | undefined, where: string): boolean => {
  if (v === 'yes') return true;
  if (v === 'no') return false;
  throw new Error(`docs/permissions.md: expected yes/no in ${where}, got "${v}"`);
};

const unquote = (s: string) => s.replace(/^`|`$/g, '');

/** Cells of a section. Tables: subject = table, operation in select/insert/update/delete.
 *  Storage: subject = "images", operation = the row text. Functions/edge: subject = name. */
export function cells(section: Section, doc = readPermissions()): Cell[] {
  const out: Cell[] = [];
  for (const r of rows(sectionLines(doc, section))) {
    let subject: string;
    let operation: string;
    let values: string[];
    if (section === 'tables') {
      [subject, operation] = [unquote(r[0]!), r[1]!];
      values = r.slice(2, 6);
    } else if (section === 'storage') {
      [subject, operation] = ['images', r[0]!];
      values = r.slice(1, 5);
    } else if (section === 'functions') {
      [subject, operation] = [unquote(r[0]!), 'execute'];
      values = r.slice(1, 5);
    } else {
      [subject, operation] = ['admin-users', r[0]!];
      values = r.slice(1, 5);
    }
    const roles: RoleName[] = ['visitor', 'signed-in', 'editor', 'superadmin'];
    roles.forEach((role, i) =>
      out.push({ subject, operation, role, allowed: yesNo(values[i], `${subject} ${operation} ${role}`) }),
    );
  }
  return out;
}
