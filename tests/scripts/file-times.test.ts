// The order the run hands its files out in (D113, D125): kept times, longest first within a project, the
// fresh-graph project first, and the times read from a report with each file's collection counted.
import { describe, expect, it } from 'vitest';
import { fileTimesOf } from '../../tooling/file-times';
import { FRESH_GRAPH_PROJECT, inRunOrder } from '../support/test-order';

describe('the run order', () => {
  const files = [
    { file: 'tests/a.test.ts', project: 'browser' },
    { file: 'tests/b.test.ts', project: 'browser' },
    { file: 'tests/new.test.ts', project: 'browser' },
    { file: 'tests/c.test.ts', project: 'node' },
    { file: 'tests/d.test.ts', project: FRESH_GRAPH_PROJECT },
    { file: 'tests/e.test.ts', project: 'node' },
  ];

  it('starts the fresh-graph files, then each project in turn, files it has no time for first, then the longest', () => {
    const times = { 'tests/a.test.ts': 5, 'tests/b.test.ts': 40, 'tests/c.test.ts': 1, 'tests/e.test.ts': 9 };
    expect(inRunOrder(files, times).map(({ file }) => file)).toEqual([
      'tests/d.test.ts',
      'tests/new.test.ts',
      'tests/b.test.ts',
      'tests/a.test.ts',
      'tests/e.test.ts',
      'tests/c.test.ts',
    ]);
  });

  it('keeps the order it was given where it knows no times', () => {
    expect(inRunOrder(files, {}).map(({ file }) => file)).toEqual([
      'tests/d.test.ts',
      'tests/a.test.ts',
      'tests/b.test.ts',
      'tests/new.test.ts',
      'tests/c.test.ts',
      'tests/e.test.ts',
    ]);
  });
});

describe('the kept times', () => {
  it('count from when the worker was free: a file that collects for long counts its collection', () => {
    const at = (name: string, start: number, end: number) => ({
      name: `/repo/tests/${name}`,
      startTime: start * 1000,
      endTime: end * 1000,
    });
    // Two workers, a 0-10 and b 0-20; c runs 25-26, on the worker free latest before it (b's): 5 s collecting.
    const times = fileTimesOf(
      [at('a.test.ts', 0, 10), at('b.test.ts', 0, 20), at('c.test.ts', 25, 26)],
      '/repo',
      2,
    );
    expect(times).toEqual({ 'tests/a.test.ts': 10, 'tests/b.test.ts': 20, 'tests/c.test.ts': 6 });
  });
});
