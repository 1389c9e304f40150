import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNodeSupport, satisfiesRange, unsupportedNode } from '../../server/ops/node-support';
import { repoRoot } from '../../tooling/paths';

const support = readNodeSupport(repoRoot);

describe('satisfiesRange', () => {
  const range = '^22.22.2 || ^24.15.0 || >=26.0.0';
  it.each([
    ['v22.22.2', true],
    ['22.23.3', true],
    ['v22.12.0', false],
    ['v23.11.0', false],
    ['v24.14.9', false],
    ['v24.15.0', true],
    ['v25.9.0', false],
    ['v26.0.0', true],
    ['v27.1.0', true],
    ['v20.20.2', false],
  ])('%s is %s', (version, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });

  it('names an unsupported version and the range, and says nothing of a supported one', () => {
    expect(unsupportedNode('v20.20.2', range)).toBe(
      'Node v20.20.2 is not supported (package.json engines: ^22.22.2 || ^24.15.0 || >=26.0.0).',
    );
    expect(unsupportedNode('v26.10.0', range)).toBeUndefined();
  });

  it('refuses a range it cannot read instead of guessing', () => {
    expect(() => satisfiesRange('v26.0.0', '~26.0.0')).toThrow(/Unsupported engines comparator/);
    expect(() => satisfiesRange('next', '>=26.0.0')).toThrow(/Not a Node version/);
  });
});

describe('the Node CI runs on (.node-version)', () => {
  it('is a full version on an even (LTS) line', () => {
    expect(support.ciVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(support.ciVersion.split('.')[0]) % 2).toBe(0);
  });

  it('is one package.json engines admits', () => {
    expect(satisfiesRange(support.ciVersion, support.engines)).toBe(true);
  });

  it('is the one README names for CI', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const major = support.ciVersion.split('.')[0];
    expect(readme).toContain(`CI runs the suite on Node ${major} (\`.node-version\`: ${support.ciVersion})`);
  });
});

describe('package.json engines (decision D28)', () => {
  it('admits each maintained LTS line and no longer Node 20', () => {
    for (const version of ['v22.22.2', 'v24.15.0', `v${support.ciVersion}`]) {
      expect(satisfiesRange(version, support.engines)).toBe(true);
    }
    expect(satisfiesRange('v20.20.2', support.engines)).toBe(false);
  });
});
