// Every path of the kitchen statechart, through the real UI: walks generated with xstate/graph from the same
// machine drive the built app in Chromium against the real server (local provider, the deterministic
// moderation rule). A mirror of the machine takes the same events in Node, with the endings the browser got;
// after every step the screen must show what the mirror's view says, and axe checks every new screen. The
// states and transitions the mirror took on verified steps are the coverage, and anything short of all of
// them fails the suite.
//
// The walks are shared among a few test files (`ui-paths-shard-N.test.ts`, CI time, issue 35, D122), so that
// both of the run's workers walk them: one file took about two minutes on one worker. Every shard plans the
// same walks (replaying the stored ones takes a second) and walks its own; which shard does the axe check of
// each screen and the reload of each step is worked out from the mirror beforehand, in the order one file
// walked them, so the checks are exactly those it made. Each shard fails unless the UI took every state and
// transition its own walks take; the first also checks that all the shards' walks together take every one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import type { RouteId } from '../../../machines/kitchen/routes';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import {
  expectNoAxeViolations,
  newAppContext,
  SCREEN_WAIT_MS,
  startAppServer,
} from '../../../tooling/browser';
import { ERROR } from '../../machines/model/kitchen-model';
import { allStateNodes, declaredTransitions, expectCovered } from '../../machines/model/transition-coverage';
import { addVirtualAuthenticator } from '../virtual-authenticator';
import { closeContextsOpenedSince, openContexts, workerChromium } from '../worker-chromium';
import { armFailures, disarm, holdGeneration, runStep } from './executors';
import { expectedScreen, matches, readScreen, type ScreenFacts } from './screen-facts';
import { ServerOracle } from './server-oracle';
import {
  type Coverage,
  describeSteps,
  isAutomatic,
  listsOf,
  movesTheClock,
  OPEN_APP,
  PHOTO_SAMPLES,
  recordingMirror,
  replayCoverage,
  type ScriptedAction,
  scriptedSteps,
  type UiStep,
  uiStepsOf,
  walkedHere,
} from './ui-model';
import { plannedUiPaths, readStoredWalks, type StoredWalk, writeStoredWalks } from './ui-paths';

interface Journey {
  name: string;
  input: KitchenInput;
  /** Boot data the page gets instead of the server's. */
  bootData?: unknown;
}

const visitor: Journey = { name: 'a visitor the server knows', input: { userId: 1 } };
/**
 * Planned first: its few transitions are then taken already, so the visitor's planning can stop as soon as every
 * other transition is.
 */
const journeys: Journey[] = [
  { name: 'a visitor without valid boot data', input: { userId: null }, bootData: { userId: 'nobody' } },
  visitor,
];

/** How many test files share the walks: `ui-paths-shard-1.test.ts` to `ui-paths-shard-N.test.ts`. */
export const UI_PATH_SHARDS = 3;

/** A walk of the suite: the journey it belongs to, its name in the report, and its steps. */
interface Walk {
  journey: Journey;
  /** The describe blocks it is reported under, then its own name. */
  names: string[];
  steps: UiStep[];
}

/**
 * Which steps of a walk get the checks made once: axe on each screen's first showing, a reload on each wizard
 * step's first settled showing (by the step's place in its walk).
 */
interface WalkChecks {
  axe: Set<number>;
  reload: Set<number>;
}

/**
 * A screen as axe sees it: the page and what is on it (error, work under way, blocked Next, account controls,
 * marking, the data controls), not which option is checked or the words of a reason. The model tells far more
 * states apart than there are screens; checking each screen once keeps the walks' time for the walking.
 */
const axeKeyOf = ({ path, heading, error, busy, next, myData, account, marking }: ScreenFacts) =>
  JSON.stringify([path, heading, error !== null, busy, next?.blocked ?? null, myData, account, marking]);

/** Reads the screen, again once the page has loaded when a navigation (Sign out reloads the app) cut it short. */
async function readScreenAcrossNavigation(page: Page): Promise<ScreenFacts> {
  for (;;) {
    try {
      return await readScreen(page);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('Execution context was destroyed'))) throw error;
      await page.waitForLoadState();
    }
  }
}

/** Waits until the screen shows what is expected; fails naming the path, the step and both screens. */
async function waitForScreen(page: Page, expected: ScreenFacts, where: () => string): Promise<void> {
  const deadline = Date.now() + SCREEN_WAIT_MS;
  let seen = await readScreenAcrossNavigation(page);
  while (!matches(seen, expected)) {
    if (Date.now() > deadline) {
      throw new Error(
        `${where()}\nexpected the screen to show ${JSON.stringify(expected)}\nbut it shows ${JSON.stringify(seen)}`,
      );
    }
    await nextChangeOnScreen(page);
    seen = await readScreenAcrossNavigation(page);
  }
}

/**
 * Settles at the page's next change (a node, an attribute or text changed, the address or a control's value), or
 * after 50 ms, whichever comes first: the screen is read again as soon as it may show something new, not up to a
 * poll's interval later (CI time, issue 35, D102). A checked radio changes no attribute, so the 50 ms still bound it;
 * a navigation that ends the page's context ends the wait too.
 */
async function nextChangeOnScreen(page: Page): Promise<void> {
  try {
    await page.evaluate(
      () =>
        new Promise<void>((settle) => {
          const observer = new MutationObserver(() => done());
          const timer = setTimeout(() => done(), 50);
          const events = ['popstate', 'input', 'change'] as const;
          function done() {
            observer.disconnect();
            clearTimeout(timer);
            for (const type of events) window.removeEventListener(type, done, true);
            settle();
          }
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          for (const type of events) window.addEventListener(type, done, true);
        }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('Execution context was destroyed'))) throw error;
  }
}

/**
 * The checks made once, worked out from the mirror: walking every walk in turn, as one file did, the first
 * showing of each screen is checked with axe and each wizard step is reloaded the first time it is shown settled
 * (no error, nothing under way, no failure armed). A shard makes the checks that fall on its own walks.
 */
function checksOf(walks: Walk[]): WalkChecks[] {
  const screensCheckedWithAxe = new Set<string>();
  const stepsReloaded = new Set<string>();
  return walks.map(({ journey, steps }) => {
    const checks: WalkChecks = { axe: new Set(), reload: new Set() };
    const { actor } = recordingMirror(journey.input);
    for (const [index, step] of steps.entries()) {
      for (const event of [step.event, ...step.automatic]) {
        if (event !== OPEN_APP) actor.send(event as KitchenEvent);
      }
      const after = actor.getSnapshot();
      const expected = expectedScreen(after);
      const key = axeKeyOf(expected);
      if (!screensCheckedWithAxe.has(key)) {
        screensCheckedWithAxe.add(key);
        checks.axe.add(index);
      }
      const stepId = viewOf(after).step?.id;
      if (
        stepId !== undefined &&
        !stepsReloaded.has(stepId) &&
        expected.error === null &&
        expected.busy === null &&
        !step.automatic.some((event) => event.type.startsWith(ERROR))
      ) {
        stepsReloaded.add(stepId);
        checks.reload.add(index);
      }
    }
    actor.stop();
    return checks;
  });
}

/**
 * The shard each walk goes to: the longest walks first, each to the shard with the least work so far (a step,
 * an axe check and a reload each count about as long as the others; measured from the single file's run).
 */
function shardsOf(walks: Walk[], checks: WalkChecks[]): number[] {
  const work = walks.map(
    ({ steps }, index) =>
      steps.length + 4 * (checks[index]?.axe.size ?? 0) + 3 * (checks[index]?.reload.size ?? 0),
  );
  const load = Array.from({ length: UI_PATH_SHARDS }, () => 0);
  const shards = walks.map(() => 0);
  for (const index of walks.map((_, at) => at).sort((a, b) => (work[b] ?? 0) - (work[a] ?? 0) || a - b)) {
    const lightest = load.indexOf(Math.min(...load));
    shards[index] = lightest + 1;
    load[lightest] = (load[lightest] ?? 0) + (work[index] ?? 0);
  }
  return shards;
}

/** The states and transitions (those the suite walks) that the walks take, as the mirror takes them. */
function coverageOf(walks: Walk[]): Coverage {
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  for (const { journey, steps } of walks) {
    const taken = replayCoverage(
      steps.flatMap(({ event, automatic }) => [...(event === OPEN_APP ? [] : [event]), ...automatic]),
      journey.input,
    );
    for (const id of taken.states) if (walkedHere(id)) coverage.states.add(id);
    for (const key of taken.transitions) if (walkedHere(key)) coverage.transitions.add(key);
  }
  return coverage;
}

/** The walks of every journey (planned, or the stored ones replayed), then the scripted ones beyond the chart. */
async function allWalks(oracle: ServerOracle): Promise<Walk[]> {
  const walks: Walk[] = [];
  const planningStarted = performance.now();
  const plannedTransitions = new Set<string>();
  const storedWalks = readStoredWalks();
  const walksToStore: Record<string, StoredWalk[]> = {};
  let plannedAfresh = false;
  const counts: number[] = [];
  for (const journey of journeys) {
    const planned = await plannedUiPaths(
      journey.input,
      oracle,
      plannedTransitions,
      storedWalks[journey.name],
    );
    const paths = planned.paths.map(uiStepsOf);
    counts.push(paths.length);
    for (const [index, steps] of paths.entries()) {
      walks.push({
        journey,
        names: [journey.name, `walk ${index + 1} of ${paths.length} (${steps.length} steps)`],
        steps,
      });
    }
    walksToStore[journey.name] = planned.stored;
    plannedAfresh ||= planned.afresh;
  }
  // Written again when planned afresh: commit it with the change that made the stored walks invalid.
  if (plannedAfresh) writeStoredWalks(walksToStore);
  // Reported, never asserted: the machine is shared, but a planner grown slow should be seen.
  console.log(
    `${plannedAfresh ? 'planned' : 'replayed the stored'} ${counts.join(' + ')} walks in ${Math.round((performance.now() - planningStarted) / 1000)} s`,
  );

  const toUpload: ScriptedAction = { type: 'NAVIGATE', route: 'create-kitchen/upload-image' };
  const firstDoorStyle: ScriptedAction = (snapshot) => ({
    type: 'DESIGN.SELECTED',
    group: listsOf(snapshot.context.catalogue).doorStyleGroups[0] ?? '',
    image: null,
  });
  const history = (via: 'back' | 'forward', route: RouteId): ScriptedAction => ({
    type: 'NAVIGATE',
    route,
    via,
  });
  const beyond = (name: string, actions: ScriptedAction[]) =>
    walks.push({
      journey: visitor,
      names: ['beyond the chart', name],
      steps: scriptedSteps(visitor.input, oracle, actions),
    });
  beyond('a photo the moderation rule rejects keeps Next blocked, with its reason', [
    toUpload,
    { type: 'PHOTO.SELECTED', file: PHOTO_SAMPLES.magenta },
  ]);
  beyond('Back and Forward across the handles auto-skip and across a redirect', [
    toUpload,
    { type: 'PHOTO.SELECTED', file: PHOTO_SAMPLES.kitchen },
    { type: 'NEXT' },
    firstDoorStyle,
    // Made one way only: handles is skipped, its history entry replaced by finishing.
    { type: 'NEXT' },
    history('back', 'create-kitchen/design'),
    history('forward', 'create-kitchen/finishing'),
    // A later step without the finish: redirected to finishing, replacing the entry the address added.
    { type: 'NAVIGATE', route: 'create-kitchen/material-preview' },
    history('back', 'create-kitchen/finishing'),
    history('back', 'create-kitchen/design'),
    history('back', 'create-kitchen/upload-image'),
    history('forward', 'create-kitchen/design'),
  ]);
  return walks;
}

/**
 * Defines shard `shard` (1 to `UI_PATH_SHARDS`) of the suite in the calling test file: its own server, the
 * worker's Chromium (worker-chromium.ts), its walks, and its coverage check.
 */
export async function walkUiPathShard(shard: number): Promise<void> {
  const server = await startAppServer(inject('appDistDir'));
  const oracle = new ServerOracle(server.origin);
  const walks = await allWalks(oracle);
  const checks = checksOf(walks);
  const shards = shardsOf(walks, checks);
  const mine = walks.filter((_, index) => shards[index] === shard);

  let browser: Browser | undefined;
  let openBefore = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await workerChromium();
    openBefore = openContexts(browser);
  });
  afterAll(async () => {
    if (browser) await closeContextsOpenedSince(browser, openBefore);
    await server.close();
  });

  const covered: Coverage = { states: new Set(), transitions: new Set() };
  /** Passkeys need a domain: the pages run on localhost (the server's loopback relying party). */
  const appOrigin = server.origin.replace('127.0.0.1', 'localhost');

  async function runPath({ journey, steps }: Walk, { axe, reload }: WalkChecks): Promise<void> {
    const context = await newAppContext(required(browser), appOrigin);
    try {
      if (journey.bootData !== undefined) {
        await context.addInitScript(`window.__BOOT_DATA__ = ${JSON.stringify(journey.bootData)};`);
      }
      const page = await context.newPage();
      await addVirtualAuthenticator(context, page);
      if (steps.some(({ event }) => movesTheClock(event))) await page.clock.install();
      const mirror = recordingMirror(journey.input);
      try {
        for (const [index, step] of steps.entries()) {
          const where = () =>
            `Path: ${describeSteps(steps)}\nfailed at step ${index + 1} (${describeSteps([step])})`;
          const before = mirror.actor.getSnapshot();
          for (const event of [step.event, ...step.automatic]) {
            if (event !== OPEN_APP) mirror.actor.send(event as KitchenEvent);
          }
          const after = mirror.actor.getSnapshot();
          await disarm(page);
          await armFailures(page, step.automatic);
          // The user acts while a generation is under way: it must still be under way when they do.
          const nextIsTheUsers =
            steps[index + 1] !== undefined && !isAutomatic(steps[index + 1]?.event ?? OPEN_APP);
          if (viewOf(after).isGenerating && nextIsTheUsers) await holdGeneration(page);
          try {
            await runStep(page, step.event, before);
            await waitForScreen(page, expectedScreen(after), where);
            if (axe.has(index)) {
              await expectNoAxeViolations(page, `${viewOf(after).route} (${describeSteps([step])})`);
            }
            if (reload.has(index)) await reloadOnStep(page, after, where);
          } catch (error) {
            if (error instanceof Error && !error.message.startsWith('Path:')) {
              error.message = `${where()}\n${error.message}`;
            }
            throw error;
          }
          for (const id of mirror.coverage.states) covered.states.add(id);
          for (const key of mirror.coverage.transitions) covered.transitions.add(key);
        }
      } finally {
        mirror.actor.stop();
      }
    } finally {
      await context.close();
    }
  }

  describe('every path of the kitchen statechart, through the UI', () => {
    for (const [index, walk] of walks.entries()) {
      if (shards[index] !== shard) continue;
      const [group, name] = walk.names as [string, string];
      describe(group, () => {
        it(name, () => runPath(walk, checks[index] as WalkChecks), 240_000);
      });
    }

    if (shard === 1) {
      it("the shards' walks together take every state and transition the suite walks", () => {
        const planned = coverageOf(walks);
        const states = allStateNodes(kitchenMachine)
          .map((node) => node.id)
          .filter(walkedHere);
        const transitions = declaredTransitions(kitchenMachine)
          .map((transition) => transition.key)
          .filter(walkedHere);
        expectCovered(
          planned,
          { states, transitions },
          {
            tally: "the shards' walks together",
            states: "states no shard's walk enters",
            transitions: "transitions no shard's walk takes",
          },
        );
      });
    }

    afterAll(() => {
      // What this shard's walks take; the first shard checks above that the shards together take everything.
      const own = coverageOf(mine);
      expectCovered(
        covered,
        { states: [...own.states], transitions: [...own.transitions] },
        {
          tally: `through the UI, shard ${shard} of ${UI_PATH_SHARDS}`,
          states: 'states never shown through the UI',
          transitions: 'transitions never taken through the UI',
        },
      );
    });
  });
}

/**
 * The first time each wizard step is shown settled (no error, nothing under way), the page is reloaded: the
 * same step, progress, Next and choices must come back from what the browser kept.
 */
async function reloadOnStep(page: Page, after: KitchenSnapshot, where: () => string): Promise<void> {
  await disarm(page);
  await page.reload();
  await waitForScreen(page, expectedScreen(after), () => `${where()}\nafter reloading the page`);
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Chromium did not start: see the beforeAll error');
  return value;
}
