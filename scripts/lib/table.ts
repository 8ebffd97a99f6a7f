// A small aligned two-or-more-column table for terminal output (no colours needed to read it).
export function formatTable(rows: string[][], indent = '  '): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, [...c].length)));
  const line = (r: string[]) => indent + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('   ');
  const sep = indent + widths.map((w) => '-'.repeat(Math.min(w, 40))).join('   ');
  const [head, ...body] = rows;
  return [line(head!), sep, ...body.map(line)].join('\n');
}
