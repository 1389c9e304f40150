// The npm registry reachable here lacks some platform builds of optional dependencies (Biome's binaries for
// Windows, macOS, Android and musl). `npm install` then leaves them out of package-lock.json, and `npm ci`
// refuses a lockfile that omits an optional dependency. This adds an entry for each missing one with the
// platform it is for, so npm ci skips it on every other platform. Run it after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const PLATFORM = /-(android|darwin|linux|win32)-(x64|arm64)(-musl)?$/;
const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = name.match(PLATFORM);
    if (lock.packages[key] || !platform) continue;
    const [, os = '', cpu = '', musl] = platform;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(os === 'linux' ? { libc: [musl ? 'musl' : 'glibc'] } : {}),
      optional: true,
      os: [os],
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} platform entries to ${lockPath}.`);
