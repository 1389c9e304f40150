// How figures read in the report, the same in every section.

export const verdict = (meets: boolean): string => (meets ? 'meets' : '**misses**');

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const count = (value: number): string => whole.format(value);
export const ms = (value: number): string =>
  `${value < 10 ? oneDecimal.format(value) : whole.format(value)} ms`;
export const kb = (bytes: number): string => `${oneDecimal.format(bytes / 1000)} KB`;
export const mib = (bytes: number): string => `${whole.format(bytes / 1024 / 1024)} MiB`;

/** A Markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Fewer iterations when `BENCH_QUICK` is set: for checking the harness, not for figures to quote. */
export const quick = (): boolean => ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');
export const iterations = (full: number, reduced: number): number => (quick() ? reduced : full);
