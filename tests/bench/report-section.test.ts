import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSection, writeReportSection } from '../../scripts/bench/report-section';
import { temporaryDir } from '../../tooling/server';

describe('a benchmark section of the report', () => {
  it('is appended after what is there, between its markers, when the report lacks it', () => {
    const report = withSection('# Benchmarks\n\nIntro.\n', 'server', '## Server\n\n| a | b |\n');
    expect(report).toBe(
      '# Benchmarks\n\nIntro.\n\n<!-- bench:server -->\n## Server\n\n| a | b |\n<!-- /bench:server -->\n',
    );
  });

  it('replaces only its own section, in place, leaving the sections around it as they were', () => {
    let report = '# Benchmarks\n';
    report = withSection(report, 'bundle', 'bundle v1');
    report = withSection(report, 'server', 'server v1');
    report = withSection(report, 'render', 'render v1');
    const updated = withSection(report, 'server', 'server v2\nsecond line');
    expect(updated).toBe(report.replace('server v1', 'server v2\nsecond line'));
    expect(updated.indexOf('bundle v1')).toBeLessThan(updated.indexOf('server v2'));
    expect(updated.indexOf('server v2')).toBeLessThan(updated.indexOf('render v1'));
  });

  it('is not confused by a section whose name starts with another one', () => {
    const report = withSection(withSection('# B\n', 'browser', 'in the browser'), 'browser-extra', 'extra');
    const updated = withSection(report, 'browser', 'changed');
    expect(updated).toContain('extra');
    expect(updated).toContain('changed');
    expect(updated).not.toContain('in the browser');
  });
});

describe('writing a section to the report file', () => {
  it('creates the file with its header, then replaces the section on the next run', () => {
    const folder = temporaryDir('kr-bench-report-');
    const file = path.join(folder.dir, 'benchmarks.md');
    let written: string;
    try {
      writeReportSection('render', 'first run', file);
      writeReportSection('render', 'second run', file);
      written = readFileSync(file, 'utf8');
    } finally {
      folder.remove();
    }
    expect(written.startsWith('# Benchmarks\n')).toBe(true);
    expect(written).toContain('npm run bench');
    expect(written).toContain('<!-- bench:render -->\nsecond run\n<!-- /bench:render -->');
    expect(written).not.toContain('first run');
  });
});
