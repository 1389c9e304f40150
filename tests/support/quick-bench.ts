// What the quick-mode harness checks share (issue 26): the context a harness is run with, and what its report
// section must hold whatever the timings: a figure in every row of every table, and no sign of a broken run.
import { afterAll, expect, inject } from 'vitest';
import type { BenchContext } from '../../scripts/bench/benchmark';
import { machineInfo } from '../../scripts/bench/machine';
import { type CompiledServer, compileServerAside } from '../../tooling/compiled-server';
import { seedMigratedDataDir } from '../../tooling/fresh-pglite';

/**
 * A benchmark's context for one test file: the app build it is given (the browser project's, by inject), the
 * run's compiled server (tests/support/compiled-server-setup.ts, D151; compiled for the file on first use, and
 * removed after it, where a project gives none), and a migrated database for each data directory a harness's
 * servers start on (D124).
 */
export function quickBenchContext(appDist: () => string = noAppBuild): BenchContext {
  let server: CompiledServer | undefined;
  afterAll(() => server?.remove());
  return {
    machine: machineInfo(),
    appDist,
    compiledServer: () => {
      const run = inject('compiledServer');
      if (run) return { ...run, remove: () => {} };
      server ??= compileServerAside();
      return server;
    },
    seedDataDir: seedMigratedDataDir,
  };
}

function noAppBuild(): never {
  throw new Error(
    'This check gives no app build: run the harness from the browser project, which builds it.',
  );
}

/** The body rows of every Markdown table in `markdown`, each as its cells. */
const tableRows = (markdown: string): string[][] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells, index, rows) => !cells.every((cell) => cell === '---') && rows[index + 1]?.[0] !== '---');

/** What a section reads as when the run behind it broke: a failure written in, or a figure of nothing. */
const BROKEN = [/\bfail(?:ed|ures?)\b/i, /\bNaN\b|Infinity|\bundefined\b/];

/**
 * The section ran to its end: `rows` table rows at least, each with a figure (a number after the row's name),
 * and no failure, NaN or missing value anywhere. Answers the rows for further checks.
 */
export function expectAFigureInEveryRow(markdown: string, rows = 1): string[][] {
  for (const sign of BROKEN) expect(markdown).not.toMatch(sign);
  const body = tableRows(markdown);
  expect(body.length).toBeGreaterThanOrEqual(rows);
  for (const row of body) expect(row.slice(1).join(' | '), row[0]).toMatch(/\d/);
  return body;
}
