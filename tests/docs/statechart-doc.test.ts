import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kitchenMachine } from '../../machines/kitchen/machine';
import { statechartDocument, toMermaid } from '../../scripts/statechart-mermaid';
import { repoRoot } from '../../tooling/paths';

describe('docs/statechart.md', () => {
  it('matches the machine (run `npm run chart` after changing it)', () => {
    const written = readFileSync(path.join(repoRoot, 'docs/statechart.md'), 'utf8');
    expect(written).toBe(statechartDocument(kitchenMachine));
  });

  it('draws every wizard step and the redirects between them', () => {
    const diagram = toMermaid(kitchenMachine);
    for (const step of ['upload-image', 'design', 'handles', 'finishing', 'kitchen-island']) {
      expect(diagram).toContain(`state "${step}"`);
    }
    expect(diagram).toContain('always [isBlockedAt(material)]');
    expect(diagram).toContain('NEXT [isStepComplete(design)]');
  });
});
