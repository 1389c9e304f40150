// Every path of the kitchen statechart, through the real UI: walks generated with xstate/graph from the same
// machine drive the built app in Chromium against the real server (local provider, the deterministic
// moderation rule). A mirror of the machine takes the same events in Node, with the endings the browser got;
// after every step the screen must show what the mirror's view says, and axe checks every new screen. The
// states and transitions the mirror took on verified steps are the coverage, and anything short of all of
// them fails the suite.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import type { RouteId } from '../../../machines/kitchen/routes';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import {
  expectNoAxeViolations,
  launchChromium,
  newAppContext,
  SCREEN_WAIT_MS,
  startAppServer,
} from '../../../tooling/browser';
import { ERROR } from '../../machines/model/kitchen-model';
import { allStateNodes, declaredTransitions } from '../../machines/model/transition-coverage';
import { addVirtualAuthenticator } from '../virtual-authenticator';
import { armFailures, disarm, holdGeneration, runStep } from './executors';
import { expectedScreen, matches, readScreen, type ScreenFacts } from './screen-facts';
import { ServerOracle } from './server-oracle';
import {
  type Coverage,
  describeSteps,
  isAutomatic,
  isClockStep,
  listsOf,
  OPEN_APP,
  PHOTO_SAMPLES,
  recordingMirror,
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

const server = await startAppServer(inject('appDistDir'));
const oracle = new ServerOracle(server.origin);
const plans: Array<Journey & { paths: UiStep[][] }> = [];
const planningStarted = performance.now();
const plannedTransitions = new Set<string>();
const storedWalks = readStoredWalks();
const walksToStore: Record<string, StoredWalk[]> = {};
let plannedAfresh = false;
for (const journey of journeys) {
  const planned = await plannedUiPaths(journey.input, oracle, plannedTransitions, storedWalks[journey.name]);
  plans.push({ ...journey, paths: planned.paths.map(uiStepsOf) });
  walksToStore[journey.name] = planned.stored;
  plannedAfresh ||= planned.afresh;
}
// Written again when planned afresh: commit it with the change that made the stored walks invalid.
if (plannedAfresh) writeStoredWalks(walksToStore);
// Reported, never asserted: the machine is shared, but a planner grown slow should be seen.
console.log(
  `${plannedAfresh ? 'planned' : 'replayed the stored'} ${plans.map((plan) => plan.paths.length).join(' + ')} walks in ${Math.round((performance.now() - planningStarted) / 1000)} s`,
);

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server.close();
});

const covered: Coverage = { states: new Set(), transitions: new Set() };
/** Passkeys need a domain: the pages run on localhost (the server's loopback relying party). */
const appOrigin = server.origin.replace('127.0.0.1', 'localhost');
const screensCheckedWithAxe = new Set<string>();

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

async function runPath(journey: Journey, steps: UiStep[]): Promise<void> {
  const context = await newAppContext(required(browser), appOrigin);
  try {
    if (journey.bootData !== undefined) {
      await context.addInitScript(`window.__BOOT_DATA__ = ${JSON.stringify(journey.bootData)};`);
    }
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    if (steps.some(({ event }) => isClockStep(event))) await page.clock.install();
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
          const key = axeKeyOf(expectedScreen(after));
          if (!screensCheckedWithAxe.has(key)) {
            screensCheckedWithAxe.add(key);
            await expectNoAxeViolations(page, `${viewOf(after).route} (${describeSteps([step])})`);
          }
          await reloadOnceOnEachStep(page, after, step, where);
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

const stepsReloaded = new Set<string>();

/**
 * The first time each wizard step is shown settled (no error, nothing under way), the page is reloaded: the
 * same step, progress, Next and choices must come back from what the browser kept.
 */
async function reloadOnceOnEachStep(
  page: Page,
  after: KitchenSnapshot,
  step: UiStep,
  where: () => string,
): Promise<void> {
  const expected = expectedScreen(after);
  const stepId = viewOf(after).step?.id;
  if (stepId === undefined || stepsReloaded.has(stepId) || expected.error !== null || expected.busy !== null)
    return;
  if (step.automatic.some((event) => event.type.startsWith(ERROR))) return;
  stepsReloaded.add(stepId);
  await disarm(page);
  await page.reload();
  await waitForScreen(page, expected, () => `${where()}\nafter reloading the page`);
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Chromium did not start: see the beforeAll error');
  return value;
}

describe('every path of the kitchen statechart, through the UI', () => {
  for (const plan of plans) {
    describe(plan.name, () => {
      for (const [index, steps] of plan.paths.entries()) {
        it(
          `walk ${index + 1} of ${plan.paths.length} (${steps.length} steps)`,
          () => runPath(plan, steps),
          240_000,
        );
      }
    });
  }

  describe('beyond the chart', () => {
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

    it('a photo the moderation rule rejects keeps Next blocked, with its reason', () =>
      runPath(
        visitor,
        scriptedSteps(visitor.input, oracle, [
          toUpload,
          { type: 'PHOTO.SELECTED', file: PHOTO_SAMPLES.magenta },
        ]),
      ));

    it('Back and Forward across the handles auto-skip and across a redirect', () =>
      runPath(
        visitor,
        scriptedSteps(visitor.input, oracle, [
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
        ]),
      ));
  });

  afterAll(() => {
    const states = allStateNodes(kitchenMachine)
      .map((node) => node.id)
      .filter(walkedHere);
    const transitions = declaredTransitions(kitchenMachine)
      .map((transition) => transition.key)
      .filter(walkedHere);
    const statesCovered = states.filter((id) => covered.states.has(id));
    const transitionsCovered = transitions.filter((key) => covered.transitions.has(key));
    console.log(
      `through the UI: states ${statesCovered.length}/${states.length}, transitions ${transitionsCovered.length}/${transitions.length}`,
    );
    expect(
      states.filter((id) => !covered.states.has(id)),
      'states never shown through the UI',
    ).toEqual([]);
    expect(
      transitions.filter((key) => !covered.transitions.has(key)),
      'transitions never taken through the UI',
    ).toEqual([]);
  });
});
