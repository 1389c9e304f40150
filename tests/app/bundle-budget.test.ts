// The first-load JavaScript budget (DESIGN "Budgets": 120 KB gzip before the first screen is usable; the HEIC
// decoder, the comparison slider and the inspector load on demand). The app is built for production into a
// temporary folder; what a first screen loads is read from the built index.html and Vite's manifest: the
// entry and its static imports, never the chunks loaded on demand.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDataSchema } from '../../contract/users';
import { readBootData } from '../../src/boot/boot-data';
import { repoRoot } from '../../tooling/paths';

/** 120 KB, counted as Vite's build report counts it (1 kB = 1000 bytes), so the figures read the same. */
const FIRST_LOAD_BUDGET_BYTES = 120_000;
const WIZARD_SCREEN = 'src/screens/wizard/WizardScreen.tsx';
const SLIDER = 'src/screens/your-kitchen/BeforeAfterSlider.tsx';

let outDir: string;
let manifest: Manifest;
let html: string;
/** The chunk (built file) of every module the main build bundled; the photo worker is a build of its own. */
const chunkOfModule = new Map<string, string>();

/** Records where each module went, to say what is in the bundle without guessing from minified text. */
const moduleRecorder = (): Plugin => ({
  name: 'record-bundled-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of Object.keys(output.modules)) chunkOfModule.set(id, output.fileName);
    }
  },
});

const chunkOf = (sourcePath: string) =>
  [...chunkOfModule].find(([id]) => id === path.join(repoRoot, sourcePath))?.[1];

/** The chunks holding any module of the package `name` (installed in node_modules). */
const chunksOfPackage = (name: string) =>
  new Set([...chunkOfModule].filter(([id]) => id.includes(`/node_modules/${name}/`)).map(([, file]) => file));

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'bundle-budget-'));
  // Vitest runs with NODE_ENV=test, which would make React and Vite build for development: build as `npm run
  // build` does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: repoRoot,
      configFile: path.join(repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      plugins: [moduleRecorder()],
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  html = await readFile(path.join(outDir, 'index.html'), 'utf8');
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const entryKey = () => {
  const [key] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (key === undefined) throw new Error('The manifest has no entry.');
  return key;
};

/** The chunk of `key` and every chunk it imports statically, as built files. */
function staticClosure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

/** The scripts and module preloads the built page itself asks for. */
const pageScripts = () =>
  [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g)].map(
    ([, file]) => file,
  );

interface Weight {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

/** Each built file's sizes, compressed once: brotli at its highest quality takes a while on 350 kB. */
const fileWeights = new Map<string, Promise<Omit<Weight, 'files'>>>();
const weighFile = (file: string) => {
  let weight = fileWeights.get(file);
  if (!weight) {
    weight = readFile(path.join(outDir, file)).then((bytes) => ({
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      brotli: brotliCompressSync(bytes).length,
    }));
    fileWeights.set(file, weight);
  }
  return weight;
};

async function weigh(files: Iterable<string>): Promise<Weight> {
  const total: Weight = { files: [...files].sort(), raw: 0, gzip: 0, brotli: 0 };
  for (const { raw, gzip, brotli } of await Promise.all(total.files.map(weighFile))) {
    total.raw += raw;
    total.gzip += gzip;
    total.brotli += brotli;
  }
  return total;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const report = (what: string, { files, raw, gzip, brotli }: Weight) =>
  console.log(
    `${what}: ${kB(gzip)} gzip, ${kB(brotli)} brotli, ${kB(raw)} minified\n` +
      files.map((file) => `  ${file}`).join('\n'),
  );

const homeScripts = () => staticClosure(entryKey());
const wizardDeepLinkScripts = () => staticClosure(WIZARD_SCREEN, new Set(homeScripts()));

describe('the first screen’s JavaScript', () => {
  it('comes as one chunk (with the bundler’s runtime): the first load shares one compression dictionary', () => {
    expect([...homeScripts()].filter((file) => !/\/rolldown-runtime-[^/]+\.js$/.test(file))).toEqual([
      manifest[entryKey()]?.file,
    ]);
  });

  it('is exactly what the built page asks for: the entry and its static imports', () => {
    expect(new Set(pageScripts())).toEqual(homeScripts());
  });

  it('is within budget on the home page', async () => {
    const home = await weigh(homeScripts());
    report(`First screen's JavaScript, home / (budget ${kB(FIRST_LOAD_BUDGET_BYTES)} gzip)`, home);
    const css = Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : []));
    report('and its CSS', await weigh(css));
    expect(home.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('is within budget on a deep link to the photo step, the wizard screen included', async () => {
    const wizard = await weigh(wizardDeepLinkScripts());
    report(
      `First screen's JavaScript, a deep link to /create-kitchen/upload-image (budget ${kB(FIRST_LOAD_BUDGET_BYTES)} gzip)`,
      wizard,
    );
    expect(wizard.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('leaves zod and the contract’s schemas to a chunk loaded on demand', () => {
    const zodChunks = chunksOfPackage('zod');
    const schemaChunks = ['contract/catalogue.ts', 'contract/users.ts', 'contract/generation.ts'].map(
      chunkOf,
    );
    expect(zodChunks.size).toBeGreaterThan(0);
    const first = wizardDeepLinkScripts();
    for (const file of [...zodChunks, ...schemaChunks]) expect(first.has(file ?? ''), file).toBe(false);
  });

  it.each([
    {
      what: 'TanStack Query and the catalogue’s loading (the first list or preload)',
      packages: ['@tanstack/query-core', '@tanstack/react-query'],
      modules: ['src/api/catalogue.ts', 'src/actors/load-catalogue.ts', 'src/api/query-client.ts'],
    },
    {
      what: 'the photo’s preparation (the first photo)',
      packages: [],
      modules: [
        'src/photo-preparation/photo-preparer.ts',
        'src/actors/prepare-photo.ts',
        'src/photo-preparation/photo-errors.ts',
      ],
    },
    {
      what: 'the marking tool (issue 22: its screen only), its worker client and the masks upload',
      packages: [],
      modules: [
        'src/screens/wizard/marking/MarkingTool.tsx',
        'src/screens/wizard/marking/MarkingStage.tsx',
        'src/marking/marking-client.ts',
        'src/marking/brushes.ts',
        'src/actors/save-surface-masks.ts',
      ],
    },
    {
      what: 'the messages for a refused session and an unknown address',
      packages: [],
      modules: ['src/screens/AccessDeniedScreen.tsx', 'src/screens/NotFoundScreen.tsx'],
    },
    {
      what: 'the screens of the steps after the photo (their kinds, looks, swatches and notes)',
      packages: [],
      modules: [
        'src/screens/wizard/ChoiceStepScreen.tsx',
        'src/components/CascadeNotice.tsx',
        'src/screens/wizard/HandlesSkipNote.tsx',
        'src/screens/wizard/steps/CatalogueChoiceStep.tsx',
        'src/screens/wizard/steps/GroupedSwatchStep.tsx',
        'src/screens/wizard/steps/FixedChoiceStep.tsx',
        'src/screens/wizard/step-looks.tsx',
        'src/components/Swatch.tsx',
      ],
    },
  ])('leaves $what to chunks loaded on demand', ({ packages, modules }) => {
    const packageChunks = packages.map(chunksOfPackage);
    for (const found of packageChunks) expect(found.size).toBeGreaterThan(0);
    const chunks = [...packageChunks.flatMap((found) => [...found]), ...modules.map(chunkOf)];
    const first = wizardDeepLinkScripts();
    for (const file of chunks) {
      expect(file).toBeDefined();
      expect(first.has(file ?? ''), file).toBe(false);
    }
  });

  it('leaves the preview (issue 33: src/preview/ and the recolour) out of the first load, whenever a screen uses it', () => {
    const first = wizardDeepLinkScripts();
    const preview = [
      'src/preview/preview-client.ts',
      'src/preview/preview-tile.ts',
      'recolour/recolour-photo.ts',
    ];
    // Until a screen shows the preview it is in no chunk at all; from then on, in one loaded on demand.
    for (const file of preview.map(chunkOf)) if (file) expect(first.has(file), file).toBe(false);
  });
});

describe('heavy parts load on demand', () => {
  it('ships no inspector code in the production build', async () => {
    expect(chunkOfModule.size).toBeGreaterThan(0);
    expect([...chunkOfModule.keys()].filter((id) => id.includes('@statelyai/inspect'))).toEqual([]);
    const assets = path.join(outDir, 'assets');
    for (const file of await readdir(assets)) {
      if (!file.endsWith('.js')) continue;
      const code = await readFile(path.join(assets, file), 'utf8');
      expect(code, file).not.toContain('@statelyai/inspect');
      expect(code, file).not.toContain('createBrowserInspector');
    }
  });

  it('keeps the comparison slider in a chunk of its own, loaded on demand', () => {
    const slider = manifest[SLIDER];
    expect(slider?.isDynamicEntry).toBe(true);
    expect(chunkOf(SLIDER)).toBe(slider?.file);
    // Not even the result screen's chunk holds it: the slider loads when a result is shown.
    expect(chunkOf('src/screens/your-kitchen/YourKitchenScreen.tsx')).not.toBe(slider?.file);
    expect(wizardDeepLinkScripts().has(slider?.file ?? '')).toBe(false);
  });

  it('keeps the HEIC decoder in a chunk of its own, which the photo worker imports on demand', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    const decoder = assets.find((file) => /^libheif-bundle-.*\.js$/.test(file));
    const worker = assets.find((file) => /^photo-worker-.*\.js$/.test(file));
    expect(decoder).toBeDefined();
    expect(worker).toBeDefined();
    const first = wizardDeepLinkScripts();
    expect(first.has(`assets/${decoder}`)).toBe(false);
    expect(first.has(`assets/${worker}`)).toBe(false);
    const workerCode = await readFile(path.join(outDir, 'assets', worker ?? ''), 'utf8');
    expect(workerCode).toMatch(new RegExp(`import\\(\\s*[\`'"]\\./${decoder?.replace(/[.-]/g, '\\$&')}`));
    // Nothing else refers to the decoder: no static import anywhere.
    for (const file of assets.filter((name) => name.endsWith('.js') && name !== worker)) {
      const code = await readFile(path.join(outDir, 'assets', file), 'utf8');
      expect(code, file).not.toContain(decoder);
    }
  });
});

describe('what the first load restates from the contract instead of importing it (with zod)', () => {
  const pageWith = (bootData: unknown) =>
    // A page whose boot data is the state object; readBootData reads nothing else from it.
    ({ __BOOT_DATA__: bootData, document: { getElementById: () => null } }) as unknown as Window;

  it.each([
    { userId: 42 },
    { userId: '17', baseUrl: 'https://api.example.test' },
    { userId: '9007199254740993' },
    { userId: 2 ** 60 },
    { userId: 0 },
    { userId: -3 },
    { userId: 1.5 },
    { userId: '012' },
    { userId: '12a' },
    { userId: '' },
    { userId: true },
    { userId: null },
    { userId: 5, baseUrl: 7 },
    { userId: 5, baseUrl: null },
    { userId: 5, imageService: 'openai' },
    { userId: 5, imageService: 7 },
    { baseUrl: 'https://api.example.test' },
    [{ userId: 1 }],
    'userId',
    null,
  ])('reads the boot data %j as the contract’s bootDataSchema does', (bootData) => {
    const parsed = bootDataSchema.safeParse(bootData);
    const expected = parsed.success ? parsed.data.userId : null;
    expect(readBootData(pageWith(bootData)).userId).toBe(expected);
  });
});
