// The arrows between the folders (DESIGN.md "Layout", issue 23): src -> machines, src -> contract,
// server -> contract; src and server -> recolour/ and swatches/ (pure TypeScript both hosts run, issue 33), which
// import only themselves and contract/; machines/ imports xstate (and the steps' home, contract/wizard-steps.ts) only; the server imports nothing from scripts/, tests/ or tooling/;
// scripts/ never imports tests/ (what both need is in tooling/); within server/, a helper two domains share lives
// in outbound/, and jobs/ uses generation/, never the other way; no barrel files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../tooling/paths';

const SOURCE = /\.(ts|tsx|mjs)$/;

const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(folder, file).split(path.sep).join('/'));

const importsOf = (file: string): string[] => {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
  return specifiers.filter((specifier) => specifier !== '');
};

/** Where an import lands, from the repository's root (`server/outbound/http-client`), or `package:name`. */
const target = (file: string, specifier: string): string => {
  if (!specifier.startsWith('.'))
    return `package:${specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')}`;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
};

const topFolder = (landing: string): string => landing.split('/')[0] ?? '';
const isUnder = (landing: string, folder: string): boolean => landing.startsWith(`${folder}/`);

/** A rule: given an importing file and where one of its imports lands, whether that arrow is allowed. */
type Rule = (file: string, landing: string) => boolean;

const rules = {
  // The one exception: the wizard's step ids and option values, which the chart, the app and the server share (D43).
  machinesImportXstateOnly: (_file, landing) =>
    topFolder(landing) === 'machines' || landing === 'package:xstate' || landing === 'contract/wizard-steps',
  contractImportsZodOnly: (_file, landing) => topFolder(landing) === 'contract' || landing === 'package:zod',
  // Typed arrays in, typed arrays out: no package (no sharp, no DOM library), so the browser and Node run it alike.
  recolourImportsItselfAndContractOnly: (_file, landing) =>
    ['recolour', 'contract'].includes(topFolder(landing)),
  swatchesImportItselfAndContractOnly: (_file, landing) =>
    ['swatches', 'contract'].includes(topFolder(landing)),
  serverImportsContractAndPackagesOnly: (_file, landing) =>
    landing.startsWith('package:') ||
    ['server', 'contract', 'recolour', 'swatches', 'package.json'].includes(topFolder(landing)),
  srcNeverImportsServer: (_file, landing) => topFolder(landing) !== 'server',
  scriptsNeverImportTests: (_file, landing) => topFolder(landing) !== 'tests',
  // Tooling serves what users get, so it builds the app as `npm run build` does; nothing else of scripts/.
  toolingImportsNoTestsAndOnlyTheBuild: (_file, landing) =>
    topFolder(landing) !== 'tests' &&
    (topFolder(landing) !== 'scripts' || ['scripts/build', 'scripts/build-stamp'].includes(landing)),
  providersStayInGeneration: (file, landing) =>
    !isUnder(landing, 'server/generation/providers') ||
    isUnder(file, 'server/generation') ||
    isUnder(file, 'server/jobs') ||
    file === 'server/app.ts',
  generationNeverImportsJobs: (_file, landing) => !isUnder(landing, 'server/jobs'),
  // The upload's intake is used by generation (the pool, the stored masks), never the other way (issue 35).
  imagesNeverImportGeneration: (_file, landing) => !isUnder(landing, 'server/generation'),
  outboundImportsNoDomain: (_file, landing) =>
    landing.startsWith('package:') ||
    isUnder(landing, 'server/outbound') ||
    topFolder(landing) === 'contract',
} satisfies Record<string, Rule>;

const violations = (folder: string, allowed: Rule) =>
  filesUnder(folder).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(file, target(file, specifier)))
      .map((specifier) => `${file} imports ${specifier}`),
  );

describe('import arrows', () => {
  it("machines/ imports xstate and the steps' home in contract/ only (no React, no DOM, no fetch)", () => {
    expect(violations('machines', rules.machinesImportXstateOnly)).toEqual([]);
  });

  it('contract/ imports zod only', () => {
    expect(violations('contract', rules.contractImportsZodOnly)).toEqual([]);
  });

  it('recolour/ and swatches/ import only themselves and contract/: no package, no node:, no DOM library', () => {
    expect(violations('recolour', rules.recolourImportsItselfAndContractOnly)).toEqual([]);
    expect(violations('swatches', rules.swatchesImportItselfAndContractOnly)).toEqual([]);
  });

  it('server/ imports only itself, contract/, recolour/, swatches/ and packages: never src/, machines/, scripts/, tests/ or tooling/', () => {
    expect(violations('server', rules.serverImportsContractAndPackagesOnly)).toEqual([]);
  });

  it('src/ never imports from server/', () => {
    expect(violations('src', rules.srcNeverImportsServer)).toEqual([]);
  });

  it('scripts/ never imports tests/: what benchmarks and tests share is in tooling/', () => {
    expect(violations('scripts', rules.scriptsNeverImportTests)).toEqual([]);
  });

  it('tooling/ never imports tests/, and of scripts/ only the build', () => {
    expect(violations('tooling', rules.toolingImportsNoTestsAndOnlyTheBuild)).toEqual([]);
  });

  it('only generation/ and jobs/ reach the providers; a helper two domains share is in server/outbound/', () => {
    expect(violations('server', rules.providersStayInGeneration)).toEqual([]);
    expect(violations('server/outbound', rules.outboundImportsNoDomain)).toEqual([]);
  });

  it('jobs/ uses generation/, never the other way', () => {
    expect(violations('server/generation', rules.generationNeverImportsJobs)).toEqual([]);
  });

  it("images/ (the upload's intake) never imports generation/", () => {
    expect(violations('server/images', rules.imagesNeverImportGeneration)).toEqual([]);
  });

  it('catches the arrows issue 23 found (each was in the tree before)', () => {
    const refused = (rule: Rule, file: string, specifier: string) => !rule(file, target(file, specifier));
    expect(
      refused(rules.serverImportsContractAndPackagesOnly, 'server/main.ts', '../scripts/node-support'),
    ).toBe(true);
    expect(
      refused(
        rules.scriptsNeverImportTests,
        'scripts/bench/journey.ts',
        '../../tests/support/postgres-cluster',
      ),
    ).toBe(true);
    expect(
      refused(
        rules.providersStayInGeneration,
        'server/moderation/openai-moderator.ts',
        '../generation/providers/http',
      ),
    ).toBe(true);
    expect(
      refused(rules.toolingImportsNoTestsAndOnlyTheBuild, 'tooling/browser.ts', '../tests/support/x'),
    ).toBe(true);
    expect(
      refused(rules.generationNeverImportsJobs, 'server/generation/provider.ts', '../jobs/job-store'),
    ).toBe(true);
    expect(
      refused(
        rules.imagesNeverImportGeneration,
        'server/images/image-pool.ts',
        '../generation/picture-work/photo-work',
      ),
    ).toBe(true);
    expect(refused(rules.recolourImportsItselfAndContractOnly, 'recolour/recolour-photo.ts', 'sharp')).toBe(
      true,
    );
    // And lets the arrows that are meant through.
    expect(
      refused(rules.toolingImportsNoTestsAndOnlyTheBuild, 'tooling/browser.ts', '../scripts/build'),
    ).toBe(false);
    expect(
      refused(rules.providersStayInGeneration, 'server/jobs/job-runner.ts', '../generation/provider'),
    ).toBe(false);
  });

  it('has no barrel files', () => {
    const barrels = ['machines', 'src', 'contract', 'recolour', 'swatches', 'server', 'tooling']
      .flatMap(filesUnder)
      .filter((file) => /(^|\/)index\.tsx?$/.test(file));
    expect(barrels).toEqual([]);
  });
});
