// How the test does, in the browser, each event of the UI model: a click, a choice, a photo through the file
// input, an address-bar move. The table is typed by the machine's event union, so a new event does not compile
// until it has an executor here (or is marked as one the browser produces by itself).
import type { Page, Route } from 'playwright-core';
import { accountPaths } from '../../../contract/accounts';
import { API_PREFIX, actionPaths, cataloguePaths, myDataPaths } from '../../../contract/endpoints';
import { jobPaths } from '../../../contract/generation';
import { sharePaths } from '../../../contract/share-paths';
import { SURFACE_MASKS_PATH } from '../../../contract/surface-masks';
import type { KitchenEvent, KitchenEventType } from '../../../machines/kitchen/events';
import { RETRY_DELAY_MS } from '../../../machines/kitchen/kitchen-setup';
import { pathOfRoute, type RouteId } from '../../../machines/kitchen/routes';
import { offeredValues } from '../../../machines/kitchen/steps';
import type { KitchenSnapshot } from '../../../machines/kitchen/view';
import { ACCOUNT_BUTTONS } from '../../../src/components/account-buttons';
import { MARKING_WORDS } from '../../../src/screens/wizard/steps/PhotoMarkingPanel';
import { choiceOfStep } from '../../../src/screens/your-kitchen/ChoicesSummary';
import {
  backButton,
  card,
  choosePhoto,
  clickUnfolded,
  generateButton,
  magentaPhoto,
  nextButton,
} from '../../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../../tooling/made-images';
import { dragStroke, markedProgress, markingReady } from '../../../tooling/marking-driver';
import {
  ARMED_FAILURE_MESSAGE,
  ARMED_REFUSAL,
  actorIdOf,
  CATALOGUE_KIND_OF_CALL,
  CLOCK_STEPS,
  isClockStep,
  isRefusalEnding,
  listsOf,
  OPEN_APP,
  PHOTO_SAMPLES,
  type UiEvent,
} from './ui-model';

type EventOf<T extends KitchenEventType> = Extract<KitchenEvent, { type: T }>;
type Run<E> = (page: Page, event: E, before: KitchenSnapshot) => Promise<void>;

/** Either the user's move in the browser, or why the browser produces the event by itself. */
export type Executor<E> = { run: Run<E> } | { byItself: string };
export type ExecutorTable = { [T in KitchenEventType]: Executor<EventOf<T>> };

/** Where an unknown address takes the user; Not Found keeps it in the bar. */
export const NOT_FOUND_PATH = '/nowhere-in-particular';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Clicks the card of the option at `index` of a radio group (the screen check then waits for its outcome). */
async function choose(page: Page, group: string, index: number): Promise<void> {
  if (index < 0) throw new Error(`The option to choose in ${group} is not among those the server listed`);
  await card(page, group, index).click();
}

/** An address-bar move: a new history entry for `path`, which the app reads as the user would have typed. */
export async function visitInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * A NAVIGATE may carry how the user moved: the browser's Back or Forward button (the event itself is what the
 * app sends for the entry it lands on). Without it, the user went to the address.
 */
export type HistoryMove = 'back' | 'forward';
const historyMoveOf = (event: object): HistoryMove | undefined => (event as { via?: HistoryMove }).via;

export const pathOfNavigation = (route: RouteId) =>
  route === 'not-found' ? NOT_FOUND_PATH : pathOfRoute(route);

async function photoFile(name: string) {
  if (name === PHOTO_SAMPLES.kitchen.name) return kitchenPhotoFile();
  if (name === PHOTO_SAMPLES.magenta.name) return magentaPhoto();
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from('this is not a photo at all') };
}

export const executors: ExecutorTable = {
  NAVIGATE: {
    run: async (page, event) => {
      const via = historyMoveOf(event);
      if (via === 'back') await page.goBack();
      else if (via === 'forward') await page.goForward();
      else await visitInApp(page, pathOfNavigation(event.route));
    },
  },
  NEXT: {
    run: async (page, _, before) => {
      const onShowcase = before.matches({ routes: { onboarding: 'showcase' } });
      await (onShowcase ? button(page, 'Start creating') : nextButton(page)).click();
    },
  },
  BACK: { run: (page) => backButton(page).click() },
  'PHOTO.SELECTED': {
    run: async (page, event) => choosePhoto(page, await photoFile(event.file.name)),
  },
  'PHOTO.REMOVED': { run: (page) => button(page, 'Remove photo').click() },
  'MARKING.START': {
    run: (page, _, before) =>
      button(
        page,
        before.context.photoMarking === 'marked' ? MARKING_WORDS.change : MARKING_WORDS.start,
      ).click(),
  },
  'MARKING.SAVE': {
    // A swipe with the Fronts brush across the lower middle of the made kitchen, then the save once it grew.
    run: async (page) => {
      await markingReady(page);
      await dragStroke(page, [
        [0.35, 0.8],
        [0.55, 0.8],
      ]);
      await markedProgress(page).waitFor();
      await button(page, 'Use this marking').click();
    },
  },
  'MARKING.SKIP': { run: (page) => button(page, 'Skip marking').click() },
  'MARKING.CANCEL': { run: (page) => button(page, 'Cancel').click() },
  'DESIGN.SELECTED': {
    run: (page, event, before) =>
      choose(page, 'door-style', listsOf(before.context.catalogue).doorStyleGroups.indexOf(event.group)),
  },
  'FINISH.SELECTED': {
    run: (page, event, before) =>
      choose(page, 'finish', listsOf(before.context.catalogue).finishes.indexOf(event.finish)),
  },
  'FRONTAL_COLOUR_GROUP.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'front-colour-group',
        listsOf(before.context.catalogue).frontalColourGroups.indexOf(event.group),
      ),
  },
  'FRONTAL.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'front-colour',
        listsOf(before.context.catalogue).frontalPreviews.findIndex(
          (frontal) => frontal.id === event.frontal.id,
        ),
      ),
  },
  'MATERIAL.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'worktop-material',
        listsOf(before.context.catalogue).worktopMaterials.indexOf(event.material),
      ),
  },
  'WORKTOP_COLOUR_GROUP.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'worktop-colour-group',
        listsOf(before.context.catalogue).worktopColourGroups.indexOf(event.group),
      ),
  },
  'WORKTOP_COLOUR.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'worktop-colour',
        listsOf(before.context.catalogue).worktopColours.findIndex(
          (colour) => colour.colour === event.colour.colour,
        ),
      ),
  },
  'WORKTOP.SELECTED': {
    run: (page, event, before) =>
      choose(
        page,
        'worktop-finish',
        listsOf(before.context.catalogue).worktopPreviews.findIndex(
          (worktop) => worktop.id === event.worktop.id,
        ),
      ),
  },
  'STEP.CHOSEN': {
    // A shared-choice step's screen lists what it offers in order (a fixed choice's options, a plain catalogue
    // choice's items), in a group named by the step.
    run: (page, event, before) =>
      choose(page, event.step, offeredValues(event.step, before.context).indexOf(event.value)),
  },
  GENERATE: {
    run: async (page, _, before) => {
      // "Generate again" on the latest kitchen; "Generate" on the last step and on the review.
      const again = before.matches({ routes: { 'your-kitchen': 'result' } });
      await (again ? button(page, 'Generate again') : generateButton(page)).click();
    },
  },
  'GENERATION.STAGE': { byItself: 'the app reports the stages the server job goes through' },
  'GENERATION.CANCEL': { run: (page) => button(page, 'Cancel').click() },
  RETRY: {
    // The error stays on screen for the retry delay, a second of waiting: the page's clock (installed for a walk
    // with Try again) passes it at once. The screen is checked after the loads that follow, as before.
    run: async (page) => {
      await button(page, 'Try again').click();
      await page.clock.fastForward(RETRY_DELAY_MS);
    },
  },
  // Start over asks first (issue 25).
  RESET: {
    run: async (page) => {
      await button(page, 'Start over').click();
      await button(page, 'Yes, start over').click();
    },
  },
  ACCESS_DENIED: { byItself: 'raised by the machine when authorisation fails' },
  'GENERATION.REFUSED': { byItself: 'raised by the machine when the service refuses a generation' },
  'MY_DATA.DELETE': { run: (page) => button(page, 'Delete my data').click() },
  'MY_DATA.CANCEL': { run: (page) => button(page, 'Keep my data').click() },
  'MY_DATA.CONFIRM': { run: (page) => button(page, 'Yes, delete my data').click() },
  // "Done" after a deletion, "Dismiss" after a failure.
  'MY_DATA.DISMISS': { run: (page) => page.getByRole('button', { name: /^(Done|Dismiss)$/ }).click() },
  'COMPARE.OPEN': {
    // The user ticks as many of the listed kitchens as the event names, newest first, and compares them.
    run: async (page, event) => {
      const choose = page.getByRole('group', { name: /Choose 2 to 4/ });
      for (let index = 0; index < event.jobIds.length; index++) {
        await choose.getByRole('checkbox').nth(index).check();
      }
      await button(page, 'Compare side by side').click();
    },
  },
  'COMPARE.CLOSE': { run: (page) => button(page, 'Close side by side').click() },
  CHANGE_ONE_THING: {
    run: (page, event) => clickUnfolded(page, `Change the ${choiceOfStep(event.step)}`),
  },
  'REVIEW.CLOSE': { run: (page) => button(page, 'Back to your kitchen').click() },
  'KITCHEN.OPEN': {
    run: async (page, event) => {
      if (event.jobId === null) return button(page, 'Back to your latest kitchen').click();
      // The model opens the oldest kitchen: the page's last entry (the mirror's picture addresses are not the
      // server's, so the entry is found by its place).
      await page
        .locator('.history__entry')
        .last()
        .getByRole('button', { name: /^Open the kitchen made / })
        .click();
    },
  },
  // The account's buttons (src/components/AccountControls.tsx); the ceremony needs a virtual authenticator.
  'ACCOUNT.SAVE': { run: (page) => button(page, ACCOUNT_BUTTONS.save).first().click() },
  'ACCOUNT.SIGN_IN': { run: (page) => button(page, ACCOUNT_BUTTONS.signIn).first().click() },
  'ACCOUNT.SIGN_OUT': { run: (page) => button(page, ACCOUNT_BUTTONS.signOut).first().click() },
  'ACCOUNT.DISMISS': { run: (page) => button(page, ACCOUNT_BUTTONS.dismiss).first().click() },
};

/** The steps that are the test's own doing rather than an event of the machine. */
export async function runEnvironmentStep(page: Page, event: UiEvent): Promise<boolean> {
  if (event.type === OPEN_APP.type) {
    await page.goto('/');
    return true;
  }
  if (isClockStep(event)) {
    // The app's clock was installed before it opened: the delay passes at once.
    await page.clock.fastForward(CLOCK_STEPS[event.type] ?? 0);
    return true;
  }
  return false;
}

export async function runStep(page: Page, event: UiEvent, before: KitchenSnapshot): Promise<void> {
  if (await runEnvironmentStep(page, event)) return;
  const executor = executors[event.type as KitchenEventType] as Executor<UiEvent> | undefined;
  if (!executor) throw new Error(`No executor for ${event.type}`);
  if ('byItself' in executor)
    throw new Error(`${event.type} is not the user's to send: ${executor.byItself}`);
  await executor.run(page, event, before);
}

const ACTION_OF_CALL: Record<string, string> = {
  authorizeUser: actionPaths.authorizeUser,
  validateImageContent: actionPaths.validateImageContent,
  saveSurfaceMasks: SURFACE_MASKS_PATH,
  generateEmptyRoom: actionPaths.generateEmptyRoom,
  generateKitchen: actionPaths.generateKitchen,
  loadGenerationHistory: jobPaths.history,
  deleteMyData: myDataPaths.me,
  loadComparison: sharePaths.jobChoices,
  registerPasskey: accountPaths.registrationOptions,
  signOut: accountPaths.signOut,
};

/** Whether a request URL is the one an invoked call makes. */
function isRequestOf(actorId: string, url: URL): boolean {
  const kind = CATALOGUE_KIND_OF_CALL[actorId];
  const path = kind ? cataloguePaths[kind].path : ACTION_OF_CALL[actorId];
  if (!path) throw new Error(`The test cannot intercept ${actorId}`);
  // A `:param` is one path segment, so `/kitchen/jobs/:id/choices` never matches a job's own `/kitchen/jobs/:id`.
  return new RegExp(`^${`${API_PREFIX}${path}`.replace(/:\w+/g, '[^/]+')}$`).test(url.pathname);
}

/** Makes the calls that the step's endings say fail answer 500 until the step has been checked. */
export async function armFailures(page: Page, endings: UiEvent[]): Promise<void> {
  for (const ending of endings.filter((event) => event.type.startsWith('xstate.error.actor.'))) {
    const actorId = actorIdOf(ending);
    if (actorId === 'preparePhoto') continue; // the unreadable file fails by itself
    const refused = isRefusalEnding(ending);
    await page.route(
      (url) => isRequestOf(actorId, url),
      (route: Route) =>
        route.fulfill(
          refused
            ? {
                status: 429,
                contentType: 'application/json',
                headers: { 'retry-after': String(ARMED_REFUSAL.retryAfterSeconds) },
                body: JSON.stringify({
                  statusCode: 429,
                  error: 'Too Many Requests',
                  code: ARMED_REFUSAL.code,
                  message: ARMED_REFUSAL.message,
                }),
              }
            : {
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({
                  statusCode: 500,
                  error: 'Internal Server Error',
                  message: ARMED_FAILURE_MESSAGE,
                }),
              },
        ),
    );
  }
}

/** Holds the generation's requests unanswered, so the user can act while it is under way. */
export async function holdGeneration(page: Page): Promise<void> {
  await page.route(
    (url) => isRequestOf('generateEmptyRoom', url) || isRequestOf('generateKitchen', url),
    () => undefined,
  );
}

export async function disarm(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}
