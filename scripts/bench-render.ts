// `npm run bench:render`: times the offline concept renderer against DESIGN.md's budget (a 1536 px render in at
// most 400 ms) and writes the figures into a section of docs/benchmarks.md, leaving the rest of the file alone.
// A few configurations, from the lightest (single wall, slab) to the heaviest (U with an island, gloss, a
// portrait photo), each rendered RUNS times after warm-up, one after another in this process.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { KitchenLayoutId } from '../contract/layouts';
import { catalogue } from '../server/catalogue/catalogue';
import { type ConceptInput, renderConcept } from '../server/generation/render/render-concept';
import { fixture } from '../tests/support/paths';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 3;
const BUDGET_MS = 400;
const REPORT = path.resolve('docs/benchmarks.md');
const SECTION_START = '<!-- bench:render -->';
const SECTION_END = '<!-- /bench:render -->';

const fronts = [...catalogue.frontalPreviewById.values()];
const worktops = [...catalogue.worktopPreviewById.values()];

function front(group: string, finish: string, colour: string, isHandleless: boolean) {
  const found = fronts.find(
    (entry) =>
      entry.doorStyleGroup === group &&
      entry.finish === finish &&
      entry.colour === colour &&
      entry.isHandleless === isHandleless,
  );
  if (!found) throw new Error(`No front ${group} ${finish} ${colour}`);
  return found;
}

function worktop(material: string, colour: string, finish: string) {
  const found = worktops.find(
    (entry) => entry.material === material && entry.colour === colour && entry.finish === finish,
  );
  if (!found) throw new Error(`No worktop ${material} ${colour} ${finish}`);
  return found;
}

interface Configuration {
  label: string;
  input: ConceptInput;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

const landscape = readFileSync(fixture('kitchens/kitchen-02-white-island-pexels.jpg'));
const portrait = readFileSync(fixture('empty-rooms/empty-room-01-tiled-portrait.jpg'));
const configuration = (
  label: string,
  photo: Buffer,
  frontal: ReturnType<typeof front>,
  surface: ReturnType<typeof worktop>,
  layout: KitchenLayoutId,
  hasIsland: boolean,
): Configuration => ({ label, input: { photo, frontal, worktop: surface, layout, hasIsland } });

const configurations: Configuration[] = [
  configuration(
    'Single wall, slab matt, laminate, no island (1536 × 1152)',
    landscape,
    front('Slab', 'Matt', 'Pure White', false),
    worktop('Laminate', 'Natural Oak', 'Textured'),
    'single-wall',
    false,
  ),
  configuration(
    'L-shaped + island, shaker painted, veined quartz polished (1536 × 1152)',
    landscape,
    front('Shaker', 'Painted', 'Sage', false),
    worktop('Quartz', 'Calacatta Gold', 'Polished'),
    'l-shaped',
    true,
  ),
  configuration(
    'U-shaped + island, fluted woodgrain, speckled granite leathered (1536 × 2048 portrait)',
    portrait,
    front('Fluted', 'Woodgrain', 'Natural Oak', false),
    worktop('Granite', 'Absolute Black', 'Leathered'),
    'u-shaped',
    true,
  ),
];

const rows: string[] = [];
const allTimes: number[] = [];
for (const { label, input } of configurations) {
  for (let index = 0; index < WARM_UP; index += 1) await renderConcept(input);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await renderConcept(input);
    times.push(performance.now() - started);
  }
  allTimes.push(...times);
  const median = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  rows.push(
    `| ${label} | ${Math.round(median)} ms | ${Math.round(p95)} ms | ${median <= BUDGET_MS ? 'meets' : '**misses**'} |`,
  );
  console.log(`${label}: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
}

const peakRssMib = Math.round(process.resourceUsage().maxRSS / 1024);
const overallMedian = percentile(allTimes, 0.5);
const overallP95 = percentile(allTimes, 0.95);
const processors = cpus();
const date = new Date().toISOString().slice(0, 10);
const section = [
  SECTION_START,
  '## Concept renderer (`npm run bench:render`)',
  '',
  `Measured ${date} on ${processors.length} × ${processors[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at the start.`,
  `Each configuration: ${WARM_UP} warm-up renders, then ${RUNS} timed renders one after another (photo in, JPEG out: reading the`,
  "room's light, drawing the SVG, rasterising and encoding with sharp).",
  '',
  `| Configuration | Median | p95 | Budget ${BUDGET_MS} ms at 1536 px (median) |`,
  '|---|---|---|---|',
  ...rows,
  `| All renders | ${Math.round(overallMedian)} ms | ${Math.round(overallP95)} ms | ${overallMedian <= BUDGET_MS ? 'meets' : '**misses**'} |`,
  '',
  `Peak RSS of the benchmark process: ${peakRssMib} MiB.`,
  SECTION_END,
].join('\n');

const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n';
const start = current.indexOf(SECTION_START);
const end = current.indexOf(SECTION_END);
const next =
  start >= 0 && end > start
    ? `${current.slice(0, start)}${section}${current.slice(end + SECTION_END.length)}`
    : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(REPORT, next);
console.log(
  `Overall median ${overallMedian.toFixed(0)} ms, p95 ${overallP95.toFixed(0)} ms, peak RSS ${peakRssMib} MiB`,
);
