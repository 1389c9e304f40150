// No import cycles (issue 23): between the folders of src/ (components, screens, routing, app, ...), and between
// the files of machines/, server/, recolour/ and swatches/, type-only imports included (issue 35: a type cycle
// config -> pixel pool -> photo work -> provider -> config had crept into server/). A cycle means neither side can be understood, tested or
// moved alone; the arrows between folders must point one way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../tooling/paths';

const SOURCE = /\.(ts|tsx)$/;

const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(folder, file));

/** Every relative import of a file, type-only and dynamic ones included, resolved to a path in the repository. */
const relativeImportsOf = (file: string): string[] => {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((match) =>
    path.normalize(path.join(path.dirname(file), match[1] ?? '')),
  );
};

/** A file's module path without its extension, as an import names it. */
const moduleOf = (file: string) => file.replace(SOURCE, '');

type Graph = Map<string, Set<string>>;

/** The strongly connected groups of more than one node (Tarjan): each one is a cycle. */
function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The import graph of a folder's files, with each file mapped to a node by `nodeOf` (null: left out). */
function importGraph(folder: string, nodeOf: (module: string) => string | null): Graph {
  const graph: Graph = new Map();
  for (const file of filesUnder(folder)) {
    const from = nodeOf(moduleOf(file));
    if (from === null) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const imported of relativeImportsOf(file)) {
      const to = nodeOf(moduleOf(imported));
      if (to !== null && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The folder of src/ a module is in (`src/screens` for `src/screens/wizard/StepContent`); src's own files are `src`. */
const srcFolderOf = (module: string): string | null => {
  const parts = module.split(path.sep);
  if (parts[0] !== 'src') return null;
  return parts.length > 2 ? `src/${parts[1]}` : 'src';
};

/** Each file of `folder` its own node; files elsewhere left out. */
const fileUnder =
  (folder: string) =>
  (module: string): string | null =>
    module.startsWith(`${folder}${path.sep}`) ? module : null;

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has none between the folders of src/', () => {
    expect(cyclesOf(importGraph('src', srcFolderOf))).toEqual([]);
  });

  it('has none between the files of machines/, type-only imports included', () => {
    expect(cyclesOf(importGraph('machines', fileUnder('machines')))).toEqual([]);
  });

  it('has none between the files of server/, recolour/ and swatches/, type-only imports included', () => {
    for (const folder of ['server', 'recolour', 'swatches'])
      expect(cyclesOf(importGraph(folder, fileUnder(folder)))).toEqual([]);
  });
});
