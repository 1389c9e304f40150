// Catalogue latency while HEIC photos are uploaded (issue "Ready for the public internet", item 7): the compiled
// server, catalogue reads alone and then while N iPhone HEIC uploads run without pause, taking turns in the same
// run; the figure is catalogue p99 under uploads as a ratio of p99 alone. Decoding runs in the server's image
// threads (server/pixels/pixel-pool.ts); before them, libheif held the event loop and this ratio was in the
// hundreds (2.8 s against 1.5 ms in the issue's report). On a clone without the photos, a JPEG the concept
// renderer draws is uploaded instead (no tool here writes HEIC), and the section says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, actionPaths } from '../../contract/endpoints';
import { IMAGE_UPLOAD_FIELD } from '../../contract/images';
import { freePort } from '../../tooling/free-port';
import { kitchenPicture } from '../../tooling/made-images';
import { realPhotoIfPresent } from '../../tooling/photo-source';
import type { Benchmark } from './benchmark';
import { count, iterations, ms, quick, table } from './format';
import { describeMachine } from './machine';
import { stop, waitForAnswer } from './processes';
import { CATALOGUE_ROUTE, originOf, type ServerPlace, startServerProcess } from './server';
import { median, percentile } from './stats';

const UPLOADERS = 4;
/** Catalogue readers, each sending its next read when the last is answered, as a few browsers would. */
const READERS = 4;
const HEIC_PHOTO = 'heic/colorchecker-iphone13pro-cc0.heic';
const rounds = () => iterations(3, 1);
const phaseSeconds = () => Number(process.env.BENCH_SECONDS ?? iterations(8, 1));

interface Upload {
  status: number;
  ms: number;
}

interface UploadedPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
  fileName: string;
  /** In the section's heading and columns: HEIC, or the drawn JPEG standing in for it. */
  kind: 'HEIC' | 'drawn JPEG';
  /** The photo in words, for the report. */
  words: string;
}

/** The iPhone's HEIC when the photos are beside the clone; otherwise a drawn JPEG (smaller in quick mode). */
async function photoToUpload(): Promise<UploadedPhoto> {
  const heic = realPhotoIfPresent(HEIC_PHOTO);
  if (heic)
    return {
      bytes: new Uint8Array(heic),
      mimeType: 'image/heic',
      fileName: 'IMG_0001.HEIC',
      kind: 'HEIC',
      words: `${path.basename(HEIC_PHOTO)} (12 MP HEIC from an iPhone 13 Pro)`,
    };
  const size = quick() ? { width: 1024, height: 768 } : { width: 4000, height: 3000 };
  return {
    bytes: new Uint8Array(await kitchenPicture({ ...size, format: 'jpeg' })),
    mimeType: 'image/jpeg',
    fileName: 'kitchen.jpg',
    kind: 'drawn JPEG',
    words:
      `a ${size.width} × ${size.height} JPEG drawn by the concept renderer, **not the HEIC** (\`${HEIC_PHOTO}\` ` +
      'was not found and no tool here writes HEIC; a JPEG decodes faster, so these figures understate the load)',
  };
}

/** Reads the catalogue with `READERS` readers until `until` says stop; answers each read's latency. */
async function readCatalogue(origin: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const reader = async () => {
    while (!until()) {
      const began = performance.now();
      const response = await fetch(`${origin}${CATALOGUE_ROUTE}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the catalogue answered ${response.status}`);
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return latencies;
}

async function uploadPhoto(origin: string, photo: UploadedPhoto): Promise<Upload> {
  const form = new FormData();
  form.set(IMAGE_UPLOAD_FIELD, new Blob([photo.bytes], { type: photo.mimeType }), photo.fileName);
  const began = performance.now();
  const response = await fetch(`${origin}${API_PREFIX}${actionPaths.validateImageContent}`, {
    method: 'POST',
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - began };
}

/** `UPLOADERS` uploaders, each sending its next photo when the last is answered, until `until` says stop. */
async function keepUploading(origin: string, photo: UploadedPhoto, until: () => boolean): Promise<Upload[]> {
  const uploads: Upload[] = [];
  const uploader = async () => {
    while (!until()) uploads.push(await uploadPhoto(origin, photo));
  };
  await Promise.all(Array.from({ length: UPLOADERS }, uploader));
  return uploads;
}

const phaseEnd = () => {
  const end = performance.now() + phaseSeconds() * 1000;
  return () => performance.now() >= end;
};

interface Figures {
  alone: number[];
  loaded: number[];
  uploads: Upload[];
}

async function measure(origin: string, photo: UploadedPhoto): Promise<Figures> {
  const figures: Figures = { alone: [], loaded: [], uploads: [] };
  for (let round = 0; round < rounds(); round += 1) {
    console.log(`uploads: round ${round + 1} of ${rounds()}, catalogue alone then with uploads...`);
    figures.alone.push(...(await readCatalogue(origin, phaseEnd())));
    // Reads stop when the phase ends; uploads still in flight then finish but no read is timed beside them.
    const readsDone = phaseEnd();
    const uploading = keepUploading(origin, photo, readsDone);
    figures.loaded.push(...(await readCatalogue(origin, readsDone)));
    figures.uploads.push(...(await uploading));
  }
  return figures;
}

/** The default (one thread per core) and one thread, which leaves a core to the event loop on two cores. */
const SETTINGS = [
  { label: 'default (one per core)', env: {} },
  { label: '`IMAGE_WORKERS=1`', env: { IMAGE_WORKERS: '1' } },
] as const;

/** One server with `env` on `dataDir` (made by the first setting's server unless the tests' quick mode seeded it,
 * reopened by the next), warmed up and measured. */
async function measureServer(
  place: ServerPlace,
  dataDir: string,
  photo: UploadedPhoto,
  env: NodeJS.ProcessEnv,
): Promise<Figures> {
  const origin = originOf(place.port);
  // Only the rate limit is raised beyond the settings measured, for the uploaders.
  const server = startServerProcess(place, dataDir, { RATE_LIMIT_MAX: '100000', ...env });
  try {
    await waitForAnswer(`${origin}${CATALOGUE_ROUTE}`, server);
    // Warm-up, not counted: every image thread and the moderation model loaded, the catalogue's path compiled.
    // Quick mode goes without: its figures are not to quote.
    if (!quick())
      await Promise.all([keepUploading(origin, photo, phaseEnd()), readCatalogue(origin, phaseEnd())]);
    return await measure(origin, photo);
  } finally {
    await stop(server);
  }
}

function row(label: string, { alone, loaded, uploads }: Figures): string[] {
  const aloneP99 = percentile(alone, 0.99);
  const loadedP99 = percentile(loaded, 0.99);
  const answered = uploads.filter((upload) => upload.status === 200);
  return [
    label,
    `p50 ${ms(median(alone))}, p99 ${ms(aloneP99)} (${count(alone.length)} reads)`,
    `p50 ${ms(median(loaded))}, p99 ${ms(loadedP99)} (${count(loaded.length)} reads)`,
    (loadedP99 / aloneP99).toFixed(1),
    `${count(answered.length)} of ${count(uploads.length)}, median ${ms(median(answered.map((upload) => upload.ms)))}`,
  ];
}

export const uploadsBenchmark: Benchmark = {
  id: 'uploads',
  async run({ machine, compiledServer, seedDataDir }) {
    const photo = await photoToUpload();
    const place = { mainJs: compiledServer().mainJs, port: await freePort() };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kr-bench-uploads-'));
    const rows: string[][] = [];
    try {
      await seedDataDir?.(dataDir);
      for (const setting of SETTINGS) {
        console.log(`uploads: image threads ${setting.label}...`);
        rows.push(row(setting.label, await measureServer(place, dataDir, photo, setting.env)));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return `
## Uploads: catalogue while ${photo.kind} photos decode

${describeMachine(machine)}
The compiled server (as \`npm start\` runs it, nsfw moderation) with each image thread setting in turn, on one
data directory;
the benchmark process reads the catalogue (\`${CATALOGUE_ROUTE}\`) with ${READERS} readers and uploads
${photo.words} with ${UPLOADERS} uploaders, each sending its next request when the last is answered. Alone and with uploads take turns, ${rounds()} × ${phaseSeconds()} s each${quick() ? ' (no warm-up)' : ' after a warm-up'}. Nothing is
pinned: the server, its threads and the benchmark share the machine's cores, as they would in production.

${table(
  [
    'Image threads',
    'Catalogue alone',
    `Catalogue with ${UPLOADERS} ${photo.kind} uploads`,
    'p99 ratio',
    'Uploads answered 200 (each: decode and moderation)',
  ],
  rows,
)}

Before the image threads, libheif decoded on the event loop: the issue measured catalogue reads up to 2.8 s
(1.5 ms median alone) with four such uploads at once, each upload taking about 4.8 s.
`;
  },
};
