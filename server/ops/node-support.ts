// Which Node versions the project supports: package.json's `engines.node`, and the one CI runs on
// (.node-version). The range grammar is the small subset package.json uses (`^x.y.z` and `>=x.y.z` joined by
// `||`), so no semver package is needed; anything else is refused rather than guessed at.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Version = [major: number, minor: number, patch: number];

function parseVersion(text: string): Version {
  const match = text.trim().match(/^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/);
  if (!match) throw new Error(`Not a Node version: "${text}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfiesComparator(version: Version, comparator: string): boolean {
  const caret = comparator.match(/^\^(.+)$/);
  if (caret?.[1]) {
    const floor = parseVersion(caret[1]);
    return version[0] === floor[0] && compare(version, floor) >= 0;
  }
  const atLeast = comparator.match(/^>=(.+)$/);
  if (atLeast?.[1]) return compare(version, parseVersion(atLeast[1])) >= 0;
  throw new Error(`Unsupported engines comparator "${comparator}" (use ^x.y.z or >=x.y.z)`);
}

/** Whether `version` (e.g. process.version) is in `range` (e.g. "^22.22.2 || >=26.0.0"). */
export function satisfiesRange(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  return range.split('||').some((comparator) => satisfiesComparator(parsed, comparator.trim()));
}

/** What to say when `version` is outside `engines`; undefined when it is supported. */
export function unsupportedNode(version: string, engines: string): string | undefined {
  return satisfiesRange(version, engines)
    ? undefined
    : `Node ${version} is not supported (package.json engines: ${engines}).`;
}

export interface NodeSupport {
  /** package.json's engines.node. */
  engines: string;
  /** The version CI installs and runs the suite on (.node-version). */
  ciVersion: string;
}

export function readNodeSupport(root: string): NodeSupport {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines?: { node?: string };
  };
  const engines = manifest.engines?.node;
  if (!engines) throw new Error('package.json has no engines.node');
  return { engines, ciVersion: readFileSync(path.join(root, '.node-version'), 'utf8').trim() };
}
