/** Aligned plain-text tables: numbers right-aligned, text left-aligned. */
export type Cell = string | number;

export function formatTable(header: string[], rows: Cell[][]): string {
  const text = (c: Cell) => (typeof c === 'number' ? formatNumber(c) : c);
  const cells = [header, ...rows.map((r) => r.map(text))];
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d.,%×x-]+$/.test(String(r[i]))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function printTable(header: string[], rows: Cell[][]): void {
  console.log(formatTable(header, rows));
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}
