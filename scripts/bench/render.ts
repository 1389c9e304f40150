// The offline concept renderer against DESIGN.md's budget (a 1536 px render in at most 400 ms). A few
// configurations, from the lightest (single wall, slab) to the heaviest (U with an island, a portrait photo),
// each rendered several times after warm-up, one after another in this process.
import type { KitchenLayoutId } from '../../contract/layouts';
import { catalogue } from '../../server/catalogue/catalogue';
import { type ConceptInput, renderConcept } from '../../server/generation/render/render-concept';
import { realOrDrawnKitchen } from '../../tooling/photo-source';
import type { Benchmark } from './benchmark';
import { iterations, mib, ms, table, verdict } from './format';
import { describeMachine } from './machine';
import { median, percentile } from './stats';

const WARM_UP = 3;
const BUDGET_MS = 400;
const runs = () => Number(process.env.BENCH_RUNS ?? iterations(20, 3));

function front(group: string, finish: string, colour: string) {
  const found = [...catalogue.frontalPreviewById.values()].find(
    (entry) =>
      entry.doorStyleGroup === group &&
      entry.finish === finish &&
      entry.colour === colour &&
      !entry.isHandleless,
  );
  if (!found) throw new Error(`No front ${group} ${finish} ${colour}`);
  return found;
}

function worktop(material: string, colour: string, finish: string) {
  const found = [...catalogue.worktopPreviewById.values()].find(
    (entry) => entry.material === material && entry.colour === colour && entry.finish === finish,
  );
  if (!found) throw new Error(`No worktop ${material} ${colour} ${finish}`);
  return found;
}

/** The landscape kitchen and the portrait room the renders start from: real photos, or drawn ones on a bare clone. */
async function photos() {
  return {
    landscape: await realOrDrawnKitchen('kitchens/kitchen-02-white-island-pexels.jpg', {
      width: 1600,
      height: 1200,
    }),
    portrait: await realOrDrawnKitchen('empty-rooms/empty-room-01-tiled-portrait.jpg', {
      width: 1200,
      height: 1600,
    }),
  };
}

function configurations(landscape: Buffer, portrait: Buffer): { label: string; input: ConceptInput }[] {
  const input = (
    photo: Buffer,
    frontal: ConceptInput['frontal'],
    surface: ConceptInput['worktop'],
    layout: KitchenLayoutId,
    hasIsland: boolean,
  ): ConceptInput => ({ photo, frontal, worktop: surface, layout, hasIsland });
  return [
    {
      label: 'Single wall, slab matt, laminate, no island (1536 × 1152)',
      input: input(
        landscape,
        front('Slab', 'Matt', 'Pure White'),
        worktop('Laminate', 'Natural Oak', 'Textured'),
        'single-wall',
        false,
      ),
    },
    {
      label: 'L-shaped + island, shaker painted, veined quartz polished (1536 × 1152)',
      input: input(
        landscape,
        front('Shaker', 'Painted', 'Sage'),
        worktop('Quartz', 'Calacatta Gold', 'Polished'),
        'l-shaped',
        true,
      ),
    },
    {
      label: 'U-shaped + island, fluted woodgrain, speckled granite leathered (1536 × 2048 portrait)',
      input: input(
        portrait,
        front('Fluted', 'Woodgrain', 'Natural Oak'),
        worktop('Granite', 'Absolute Black', 'Leathered'),
        'u-shaped',
        true,
      ),
    },
  ];
}

async function timeRenders(input: ConceptInput): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index += 1) await renderConcept(input);
  const times: number[] = [];
  for (let index = 0; index < runs(); index += 1) {
    const started = performance.now();
    await renderConcept(input);
    times.push(performance.now() - started);
  }
  return times;
}

const row = (label: string, times: number[]) => {
  const middle = median(times);
  return [label, ms(middle), ms(percentile(times, 0.95)), verdict(middle <= BUDGET_MS)];
};

export const renderBenchmark: Benchmark = {
  id: 'render',
  async run({ machine }) {
    const rows: string[][] = [];
    const allTimes: number[] = [];
    const { landscape, portrait } = await photos();
    for (const { label, input } of configurations(landscape.file.buffer, portrait.file.buffer)) {
      console.log(`render: ${label}...`);
      const times = await timeRenders(input);
      allTimes.push(...times);
      rows.push(row(label, times));
    }
    rows.push(row('All renders', allTimes));
    return `
## Concept renderer, per image

${describeMachine(machine)}
Each configuration: ${WARM_UP} warm-up renders, then ${runs()} timed renders one after another (photo in, JPEG out:
reading the room's light, drawing the SVG, rasterising and encoding with sharp). Photos: ${landscape.words} for the
landscape configurations, ${portrait.words} for the portrait one.

${table(['Configuration', 'Median', 'p95', `Budget ${BUDGET_MS} ms at 1536 px (median)`], rows)}

Peak RSS of the benchmark process so far: ${mib(process.resourceUsage().maxRSS * 1024)}.
`;
  },
};
