// Marking the kitchen (issue 22), against its budgets:
//   - stroke to overlay in Chromium at 1200 px: p95 ≤ 300 ms, and ≤ 1 s with the CPU slowed 4× (CDP
//     Emulation.setCPUThrottlingRate), timed inside the page from the stroke's pointerup to the first frame
//     after the overlay grown from it is on the canvas;
//   - moves (strokes, and taps accepting look-alikes) a simulated visitor needs on made kitchens with known masks;
//   - the segmentation's own time per photo and per mark in Node, for comparison with the prototype's 0.3 s.
import type { Page } from 'playwright-core';
import { MarkingSession } from '../../src/marking/marking-session';
import { MARKING_WORDS } from '../../src/screens/wizard/steps/PhotoMarkingPanel';
import { DESKTOP_VIEWPORT, newAppContext, withAppInChromium } from '../../tooling/browser';
import { choosePhoto, photoOutcome } from '../../tooling/kitchen-driver';
import { KITCHENS_TO_MARK, kitchenToMark } from '../../tooling/known-kitchen-marking';
import { knownKitchen } from '../../tooling/known-kitchens';
import { HAND_MARKED_KITCHENS } from '../../tooling/marked-real-kitchens';
import { dragStroke, markingReady } from '../../tooling/marking-driver';
import { markUntil } from '../../tooling/marking-visitor';
import {
  firstFrontsOffer,
  locatedObjects,
  markNaturally,
  movesToGoal,
  openTracedKitchen,
} from '../../tooling/real-kitchen-marking';
import type { Benchmark } from './benchmark';
import { count, iterations, ms, quick, table, verdict } from './format';
import { describeMachine } from './machine';
import { median, percentile } from './stats';

const BUDGET = { p95Ms: 300, throttledP95Ms: 1000 };
const GOALS = [
  { label: 'fronts ≥ 0.9, worktop ≥ 0.85 (issue 22)', fronts: 0.9, worktop: 0.85 },
  { label: 'both ≥ 0.9', fronts: 0.9, worktop: 0.9 },
];
const MAX_MOVES = 60;
const LATENCIES = 'markingLatencies';

/** Strokes across the made kitchen, in shares of the photo: doors, drawers, worktop runs, walls. */
const STROKES: readonly (readonly [number, number])[][] = [
  [
    [0.3, 0.76],
    [0.7, 0.76],
  ],
  [
    [0.05, 0.35],
    [0.4, 0.35],
  ],
  [
    [0.3, 0.61],
    [0.7, 0.61],
  ],
  [
    [0.6, 0.38],
    [0.78, 0.38],
  ],
  [
    [0.5, 0.1],
    [0.7, 0.15],
  ],
  [
    [0.05, 0.62],
    [0.2, 0.58],
  ],
];

/** Records, for each stroke, the time from its pointerup until the overlay grown from it is on the canvas. */
async function installLatencyProbe(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const records: number[] = [];
    (window as unknown as Record<string, number[]>)[key] = records;
    const canvas = document.querySelector('canvas.marking__overlay');
    if (!canvas) throw new Error('The marking canvas is not on screen');
    canvas.addEventListener('pointerup', (event) => {
      const liftedAt = event.timeStamp;
      // The marks' number changes once React has taken the lifted stroke; a check every 4 ms looks for the overlay
      // of that number on the canvas, and the time is taken in the task after the next frame, which shows it.
      setTimeout(() => {
        const wanted = canvas.getAttribute('data-marks-version');
        // No named function here: the bundler's name helper does not exist in the page.
        const timer = setInterval(() => {
          if (canvas.getAttribute('data-overlay-version') !== wanted) return;
          clearInterval(timer);
          requestAnimationFrame(() => setTimeout(() => records.push(performance.now() - liftedAt), 0));
        }, 4);
      }, 0);
    });
  }, LATENCIES);
}

async function strokeLatencies(page: Page, strokes: number): Promise<number[]> {
  await installLatencyProbe(page);
  for (let index = 0; index < strokes; index += 1) {
    // Alternate brushes as a visitor does, so growth competes between labels.
    const brush = ['Fronts', 'Worktop', 'Not this'][index % 3] ?? 'Fronts';
    await page.getByRole('radio', { name: new RegExp(`^${brush}`) }).check();
    await dragStroke(page, STROKES[index % STROKES.length] ?? []);
    await page.waitForFunction(
      ([key, wanted]) => ((window as unknown as Record<string, number[]>)[key]?.length ?? 0) >= wanted,
      [LATENCIES, index + 1] as const,
    );
    // Cleared every six strokes, so the marks stay a visitor's handful rather than growing without end.
    if (index % 6 === 5) await page.getByRole('button', { name: 'Clear', exact: true }).click();
  }
  return page.evaluate((key) => (window as unknown as Record<string, number[]>)[key] ?? [], LATENCIES);
}

interface Row {
  label: string;
  samples: number[];
  budget: number;
}

async function inChromium(distDir: string): Promise<Row[]> {
  const photo = await knownKitchen({
    width: 1200,
    front: { group: 'Shaker', finish: 'Matt', colour: 'Navy' },
    worktop: { material: 'Quartz', colour: 'Carrara White', finish: 'Polished' },
  });
  // Quick mode: one stroke of each brush (CI time, issue 35, D129); clearing is the marking tests' (marking.test.ts).
  const strokes = iterations(30, 3);
  return withAppInChromium(distDir, async ({ origin, browser }) => {
    const rows: Row[] = [];
    for (const rate of [1, 4]) {
      const context = await newAppContext(browser, origin, DESKTOP_VIEWPORT);
      try {
        const page = await context.newPage();
        await page.goto('/create-kitchen/upload-image');
        await choosePhoto(page, { name: 'kitchen.png', mimeType: 'image/png', buffer: photo.picture.bytes });
        if ((await photoOutcome(page)) !== 'ready') throw new Error('The made kitchen was not accepted');
        await page.getByRole('button', { name: MARKING_WORDS.start, exact: true }).click();
        await markingReady(page);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const samples = await strokeLatencies(page, strokes);
        rows.push({
          label: rate === 1 ? 'Stroke to overlay, no throttling' : 'Stroke to overlay, CPU slowed 4×',
          samples,
          budget: rate === 1 ? BUDGET.p95Ms : BUDGET.throttledP95Ms,
        });
      } finally {
        await context.close();
      }
    }
    return rows;
  });
}

/** The most moves the simulated visitor makes on a real photo, natural strokes included. */
const MAX_REAL_MOVES = 24;

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Natural strokes, then the simulated visitor, on every traced real kitchen (one in quick mode). */
async function onRealPhotos(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const kitchen of quick() ? HAND_MARKED_KITCHENS.slice(0, 1) : HAND_MARKED_KITCHENS) {
    const opened = await openTracedKitchen(kitchen, await locatedObjects(kitchen));
    if (!opened) continue;
    const natural = markNaturally(kitchen, opened);
    const offer = firstFrontsOffer(kitchen, opened);
    const goal = movesToGoal(kitchen, opened, MAX_REAL_MOVES);
    rows.push([
      `${kitchen.name}${kitchen.heldOut ? ' (held out)' : ''}`,
      count(natural.strokes),
      percent(natural.keepMarked),
      percent(natural.keptMarked),
      percent(natural.recall.fronts),
      percent(natural.recall.worktop),
      offer ? `${count(offer.areas)} (${percent(offer.frontsShare)} fronts)` : 'no fronts stroke',
      goal.reached
        ? count(goal.moves)
        : `not within ${MAX_REAL_MOVES} (${goal.iou.fronts.toFixed(2)}, ${goal.iou.worktop.toFixed(2)})`,
    ]);
  }
  return rows;
}

async function strokesNeeded(): Promise<{ rows: string[][]; prepareMs: number[]; markMs: number[] }> {
  const rows: string[][] = [];
  const prepareMs: number[] = [];
  const markMs: number[] = [];
  // Quick mode marks one kitchen, the one needing the fewest moves (tests/marking/ holds all three to the goal).
  for (const { name, options } of quick() ? KITCHENS_TO_MARK.slice(-1) : KITCHENS_TO_MARK) {
    const { picture, truth } = await kitchenToMark(name, options);
    const began = performance.now();
    const session = new MarkingSession(picture);
    prepareMs.push(performance.now() - began);
    const cells = GOALS.map((goal) => {
      const started = performance.now();
      const moves = markUntil(session, truth, goal, MAX_MOVES);
      if (goal === GOALS[0]) markMs.push((performance.now() - started) / Math.max(1, moves.length));
      const last = moves.at(-1)?.iou;
      const reached = last !== undefined && last.fronts >= goal.fronts && last.worktop >= goal.worktop;
      const offers = moves.filter((move) => move.mark.kind === 'regions').length;
      return reached
        ? `${count(moves.length)} (${count(offers)} offers accepted)`
        : `not within ${MAX_MOVES} (fronts ${last?.fronts.toFixed(2)}, worktop ${last?.worktop.toFixed(2)})`;
    });
    rows.push([name, `${picture.width} × ${picture.height}`, ...cells]);
  }
  return { rows, prepareMs, markMs };
}

export const markingBenchmark: Benchmark = {
  id: 'marking',
  async run({ machine, appDist }) {
    const needed = await strokesNeeded();
    const real = await onRealPhotos();
    const latencies = await inChromium(appDist());
    const latencyRows = latencies.map(({ label, samples, budget }) => {
      const p95 = percentile(samples, 0.95);
      return [
        `${label}, ${count(samples.length)} strokes`,
        ms(median(samples)),
        ms(p95),
        ms(Math.max(...samples)),
        `≤ ${ms(budget)}: ${verdict(p95 <= budget)}`,
      ];
    });
    return `## Marking the kitchen

${describeMachine(machine)}
Debian's Chromium, headless, desktop viewport (1280 × 800); the production build served by the real server.

### Stroke to overlay (1200 px)

${table(['What', 'Median', 'p95', 'Slowest', 'Budget (p95)'], latencyRows)}

A made kitchen (navy Shaker, Carrara quartz) of 1200 × 900 is opened in the marking tool; each stroke is a mouse
drag across it with the Fronts, Worktop or Not this brush in turn (cleared every six strokes). Timed inside the
page from the stroke's \`pointerup\` to the task after the first animation frame once the overlay grown from every
mark including that stroke is on the canvas (looked for every 4 ms). The growth (superpixel graph, geodesic growth, border clean-up and
overlay painting) runs in the marking worker; during the drag the worker is already growing the partial stroke,
so the time includes finishing that one. The 4× row slows the page and its worker with CDP
\`Emulation.setCPUThrottlingRate\`.

### Moves a simulated visitor needs on made kitchens

${table(['Kitchen', 'Size', ...GOALS.map((goal) => `Moves to ${goal.label}`)], needed.rows)}

The visitor strokes the largest area still wrong through its middle (a swipe of up to 300 px along its row) with
the brush it should have ("Not this" for anything else), and accepts the look-alikes on offer when at least 80% of
them are right. A move is a stroke or one accepted offer. IoU is measured against the renderer's exact masks at
the working size (tests/marking/made-kitchens.test.ts holds the issue's goal within 20, 10 and 8 moves).

### Natural strokes on real photos

${
  real.length === 0
    ? 'Not measured: the real photos (../shared/fixtures) are absent.'
    : table(
        [
          'Photo',
          'Natural strokes',
          'Room marked',
          'Hob, sink, counter things marked',
          'Fronts marked',
          'Worktop marked',
          'Look-alikes offered after the first fronts stroke',
          'Moves to fronts ≥ 0.9, worktop ≥ 0.85',
        ],
        real,
      )
}

Every real kitchen in the fixtures, traced by hand (\`tooling/real-kitchen-marks\`: fronts, worktop, what stays
over them, and the strokes a visitor makes: one along each run of fronts, one along each counter, no "Not this").
The photo is opened at the working size with what the photo check's detector locates in it, and marked with the
natural strokes. *Room marked*: of what is neither fronts nor worktop, the share marked as either (issue 32's goal:
at most 3%); *fronts / worktop marked*: the share of each surface marked as itself (goal: at least 90%);
*look-alikes offered*: the areas striped after the first fronts stroke alone, and the share of their pixels that
are fronts. Then the
simulated visitor corrects from there (its moves counted after the natural strokes, which count too), up to
${MAX_REAL_MOVES} moves; the IoU reached is shown when the goal is not. Held-out photos were not looked at while
the marking was tuned (docs/decisions.md D77 says what was tuned after they were first measured).

### Segmentation in Node

| What | Median | Slowest |
| --- | --- | --- |
| Opening a photo (Lab, edges, SLIC superpixels, graph), 1200 px, ${count(needed.prepareMs.length)} photos | ${ms(median(needed.prepareMs))} | ${ms(Math.max(...needed.prepareMs))} |
| One mark (growth, clean-up), mean per move of each visitor's run | ${ms(median(needed.markMs))} | ${ms(Math.max(...needed.markMs))} |
`;
  },
};
