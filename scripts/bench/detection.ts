// "Is it a kitchen?" (issue 22, item 7): the COCO detector's time per photo, as the moderation thread runs it
// (tfjs WASM, one photo at a time), beside the nsfw scoring it is added to. Each photo is normalised as an upload
// is, then detected several times after warm-up. The real fixture photos when present; drawn ones on a bare clone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { normaliseImage } from '../../server/images/normalise-image';
import { type DetectedObject, detectObjects, detectorReady } from '../../server/moderation/coco-detector';
import {
  KITCHEN_OBJECT_MIN_SCORE,
  KITCHEN_OBJECTS,
  kitchenCheckOf,
} from '../../server/moderation/kitchen-check';
import { modelReady, scoreImage } from '../../server/moderation/nsfw-moderator';
import { createPhotoScorer } from '../../server/moderation/photo-scoring';
import { kitchenPhoto } from '../../tooling/made-images';
import { fixture } from '../../tooling/paths';
import type { Benchmark } from './benchmark';
import { iterations, ms, table, verdict } from './format';
import { describeMachine } from './machine';
import { median, percentile } from './stats';

const WARM_UP = 2;
const runs = () => Number(process.env.BENCH_RUNS ?? iterations(10, 2));
/** DESIGN's moderation budget: the nsfw scoring's. The check has none of its own. */
const MODERATION_BUDGET_MS = 150;
const PHOTO_FOLDERS = ['kitchens', 'empty-rooms', 'not-kitchens'] as const;

interface Photo {
  label: string;
  bytes: Buffer;
}

/** Every photo in the fixtures' folders that are there: none on a clone without them (or with an empty one). */
function fixturePhotos(): Photo[] {
  return PHOTO_FOLDERS.filter((folder) => existsSync(fixture(folder))).flatMap((folder) =>
    readdirSync(fixture(folder))
      .sort()
      .map((name) => ({ label: `${folder}/${name}`, bytes: readFileSync(fixture(`${folder}/${name}`)) })),
  );
}

async function drawnPhotos(): Promise<Photo[]> {
  const wall = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d4cc' } })
    .jpeg()
    .toBuffer();
  return [
    { label: 'the renderer’s kitchen', bytes: await kitchenPhoto() },
    { label: 'a bare wall', bytes: wall },
  ];
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; times: number[] }> {
  let result = await work();
  for (let index = 1; index < WARM_UP; index += 1) result = await work();
  const times: number[] = [];
  for (let index = 0; index < runs(); index += 1) {
    const started = performance.now();
    result = await work();
    times.push(performance.now() - started);
  }
  return { result, times };
}

const bestKitchenObject = (objects: readonly DetectedObject[]) => {
  const best = objects.find((object) => KITCHEN_OBJECTS.has(object.label));
  return best ? `${best.label} ${best.score.toFixed(2)}` : 'none';
};

export const detectionBenchmark: Benchmark = {
  id: 'detection',
  async run({ machine }) {
    const loadStarted = performance.now();
    await detectorReady();
    const loadMs = performance.now() - loadStarted;
    await modelReady();
    const scorer = createPhotoScorer();
    await scorer.ready;
    const real = fixturePhotos();
    const photos = real.length > 0 ? real : await drawnPhotos();
    const rows: string[][] = [];
    const detectionMedians: number[] = [];
    const scoringMedians: number[] = [];
    const bothMedians: number[] = [];
    for (const photo of photos) {
      console.log(`detection: ${photo.label}...`);
      const { bytes, width, height } = await normaliseImage(photo.bytes);
      // Every object at 0.05 or more, so the table shows how near the threshold the best one was.
      const detection = await timed(() => detectObjects(bytes, 0.05));
      const scoring = await timed(() => scoreImage({ bytes }));
      const both = await timed(() => scorer.score(bytes));
      const middle = median(detection.times);
      detectionMedians.push(middle);
      scoringMedians.push(median(scoring.times));
      bothMedians.push(median(both.times));
      rows.push([
        `${photo.label} (${width} × ${height})`,
        bestKitchenObject(detection.result),
        kitchenCheckOf(detection.result).looksLikeKitchen ? 'yes' : 'no: warned',
        ms(middle),
        ms(percentile(detection.times, 0.95)),
        ms(median(scoring.times)),
        ms(median(both.times)),
      ]);
    }
    const overall = median(detectionMedians);
    const moderation = median(scoringMedians);
    const together = median(bothMedians);
    return `
## Is it a kitchen? Detection per photo

${describeMachine(machine)}
The COCO CenterNet model from \`@vladmandic/human\`'s package (512 × 512 input) on tfjs WASM, in this process as the
moderation thread runs it: each photo normalised as an upload is (at most 2048 px), then ${WARM_UP} warm-up and
${runs()} timed detections one after another; the nsfw scoring the check is added to, and both as the thread runs
them for an upload (side by side: \`server/moderation/photo-scoring.ts\`), timed the same way.
Photos: ${real.length > 0 ? 'every fixture photo (kitchens, the empty room, the non-kitchens)' : 'drawn ones (the fixture photos are absent)'}.
Loading the detector (reading 4 MB of weights from \`node_modules\`, building the graph): ${ms(loadMs)}, once per
moderation thread, after the server listens. A photo looks like a kitchen when one of
${[...KITCHEN_OBJECTS].join(', ')} scores at least ${KITCHEN_OBJECT_MIN_SCORE} (D45).

${table(['Photo', 'Best kitchen object', 'Looks like a kitchen', 'Detection median', 'p95', 'nsfw scoring median', 'Both, as the thread runs them'], rows)}

Moderation (the nsfw scoring) over the photos: **${ms(moderation)}** at the median, against DESIGN's ${MODERATION_BUDGET_MS} ms:
${verdict(moderation <= MODERATION_BUDGET_MS)}. The kitchen check's detection: ${ms(overall)} at the median. Both, as the moderation
thread runs them for an upload: ${ms(together)}, so the check adds about ${ms(together - moderation)} to the upload's answer,
which waits for both; DESIGN sets no budget for the check. They run in that thread, so no other request waits on them.
`;
  },
};
