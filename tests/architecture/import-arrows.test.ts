// The arrows between the folders (DESIGN.md "Layout"): src -> machines, src -> contract, server -> contract;
// machines/ imports xstate only; no barrel files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths';

const SOURCE = /\.(ts|tsx)$/;

const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(folder, file));

const importsOf = (file: string): string[] => {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
  return specifiers.filter((specifier) => specifier !== '');
};

/** The top folder an import lands in, or the package name for a bare import. */
const landsIn = (file: string, specifier: string): string => {
  if (!specifier.startsWith('.'))
    return `package:${specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')}`;
  const resolved = path.normalize(path.join(path.dirname(file), specifier));
  return resolved.split(path.sep)[0] ?? '';
};

const violations = (folder: string, allowed: (target: string) => boolean) =>
  filesUnder(folder).flatMap((file) =>
    importsOf(file)
      .map((specifier) => ({ file, specifier, target: landsIn(file, specifier) }))
      .filter(({ target }) => !allowed(target))
      .map(({ file, specifier }) => `${file} imports ${specifier}`),
  );

describe('import arrows', () => {
  it('machines/ imports xstate only (no React, no DOM, no fetch)', () => {
    expect(violations('machines', (target) => target === 'machines' || target === 'package:xstate')).toEqual(
      [],
    );
  });

  it('contract/ imports zod only', () => {
    expect(violations('contract', (target) => target === 'contract' || target === 'package:zod')).toEqual([]);
  });

  it('server/ never imports from src/ or machines/', () => {
    expect(violations('server', (target) => target !== 'src' && target !== 'machines')).toEqual([]);
  });

  it('src/ never imports from server/', () => {
    expect(violations('src', (target) => target !== 'server')).toEqual([]);
  });

  it('has no barrel files', () => {
    const barrels = ['machines', 'src', 'contract', 'server']
      .flatMap(filesUnder)
      .filter((file) => /(^|\/)index\.tsx?$/.test(file));
    expect(barrels).toEqual([]);
  });
});
