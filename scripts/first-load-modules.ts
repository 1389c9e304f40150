// `npx tsx scripts/first-load-modules.ts [how many]`: what the first load is made of. Builds the app for production
// into a temporary folder and prints the modules of the first screen's chunks (the entry, its static imports, and
// the wizard screen's, as tests/app/bundle-budget.test.ts counts them) by estimated gzip size, largest first, then
// the same grouped by package.
//
// A module's size is its own code minified (whitespace and names only: alone, every line of it looks unused)
// and gzipped alone: gzip shares nothing across modules then, so the
// figures add up to a little more than the chunks' real gzip size (printed first); they rank, they do not sum.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, minifySync, type Plugin } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '..');
const WIZARD_SCREEN = 'src/screens/wizard/WizardScreen.tsx';

interface ModuleWeight {
  id: string;
  chunk: string;
  gzip: number;
}

const gzipBytes = (code: string) => gzipSync(code).length;

/** Every bundled module's rendered code (after tree-shaking, before minifying), by chunk file. */
function moduleCollector(into: ModuleWeight[]): Plugin {
  return {
    name: 'collect-module-code',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, rendered] of Object.entries(output.modules)) {
          if (!rendered.code) continue;
          const minified = minifySync(id, rendered.code, { module: true, compress: false }).code;
          into.push({ id, chunk: output.fileName, gzip: gzipBytes(minified) });
        }
      }
    },
  };
}

/** The chunk of `key` and the chunks it imports statically. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** `react-dom` for a file in node_modules, `app` otherwise. */
function packageOf(id: string): string {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return match?.[1] ?? 'app';
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
const shortId = (id: string) => path.relative(repoRoot, id.replace(/^\0/, ''));

async function main(shown: number) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'first-load-'));
  const modules: ModuleWeight[] = [];
  try {
    process.env.NODE_ENV = 'production';
    await build({
      root: repoRoot,
      configFile: path.join(repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      plugins: [moduleCollector(modules)],
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest: Manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
    const home = staticClosure(manifest, entry);
    const deepLink = staticClosure(manifest, WIZARD_SCREEN, new Set(home));
    for (const [what, files] of [
      ['home /', home],
      ['deep link /create-kitchen/<step>', deepLink],
    ] as const) {
      let gzip = 0;
      for (const file of files) gzip += gzipBytes(await readFile(path.join(outDir, file), 'utf8'));
      console.log(`${what}: ${kB(gzip)} gzip in ${[...files].join(', ')}`);
    }

    const firstLoad = modules.filter(({ chunk }) => deepLink.has(chunk)).sort((a, b) => b.gzip - a.gzip);
    console.log(`\nLargest modules of the deep link's first load (each gzipped alone):`);
    for (const { id, chunk, gzip } of firstLoad.slice(0, shown))
      console.log(`${kB(gzip)}  ${shortId(id)}  [${home.has(chunk) ? 'home' : chunk}]`);

    const byPackage = new Map<string, number>();
    for (const { id, gzip } of firstLoad)
      byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + gzip);
    console.log('\nBy package:');
    for (const [name, gzip] of [...byPackage].sort((a, b) => b[1] - a[1]))
      console.log(`${kB(gzip)}  ${name}`);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

await main(Number(process.argv[2] ?? 40));
