// One spelling of "color" in what visitors read (issue 36): the spec's titles ("Front Color", "Worktop Color")
// are the reference. The screens are checked as rendered (tests/screens/site-words.test.tsx); this scans the
// words in the source, which also covers the server's own pages (share page, spec sheet), the catalogue's names
// and text a test does not reach. Identifiers and keys ("colourGroup", "front-colour-group") are code, not words:
// only string and JSX text that reads as words (a space, or a capitalised name) counts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../tooling/paths';

/**
 * Where visitors' words are written: not the API's own messages and schemas, whose names (`colour_group`) are the
 * spec's wire names, read by programs.
 */
const SOURCES = [
  'src',
  'server/sharing',
  'server/catalogue/frontal-data.ts',
  'contract/worktop-catalogue.ts',
  'machines/kitchen',
  'contract/wizard-steps.ts',
  'contract/kitchen-choices.ts',
  'contract/layouts.ts',
  'contract/refusals.ts',
  'contract/image-services.ts',
];
/** Pixel work with no words for visitors. */
const NO_WORDS = ['src/marking/'];

const OTHER_SPELLING = /\b\w*colour\w*/gi;
const readsAsWords = (text: string) => /\s/.test(text.trim()) || /^[A-Z][a-z]+\b/.test(text.trim());

function sourceFiles(dir: string): string[] {
  if (/\.tsx?$/.test(dir)) return [dir];
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
    .filter((file) => !NO_WORDS.some((prefix) => file.startsWith(prefix)));
}

/** Every string, template part and JSX text in the file's syntax tree (comments are not in it). */
const textsOf = (file: string) => textsIn(file, readFileSync(path.join(repoRoot, file), 'utf8'));

function textsIn(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file} did not parse: ${errors[0]?.message}`);
  const texts: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.type === 'ImportDeclaration' || record.type === 'ExportAllDeclaration') return;
    if (record.type === 'Literal' && typeof record.value === 'string') texts.push(record.value);
    if (record.type === 'JSXText' && typeof record.value === 'string') texts.push(record.value);
    if (record.type === 'TemplateElement') {
      const cooked = (record.value as { cooked?: string | null }).cooked;
      if (cooked) texts.push(cooked);
    }
    for (const [key, value] of Object.entries(record)) if (key !== 'type') visit(value);
  };
  visit(program);
  return texts;
}

describe('one spelling: Color', () => {
  it('is the only spelling in words visitors read', () => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      for (const text of textsOf(file).filter(readsAsWords)) {
        for (const word of text.match(OTHER_SPELLING) ?? [])
          found.push(`${file}: ${word} in "${text.trim()}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds the other spelling where it is (the scan is not blind)', () => {
    const source = "const note = <p>Solid colour is what you marked.</p>; const key = 'colourGroup';";
    const texts = textsIn('example.tsx', source).filter(readsAsWords);
    expect(texts.flatMap((text) => text.match(OTHER_SPELLING) ?? [])).toEqual(['colour']);
  });
});
