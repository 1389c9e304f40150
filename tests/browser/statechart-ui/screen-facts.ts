// What the user sees, read from the page in one go, and what the mirror of the machine says they should see
// (from `viewOf` and the context): the address, the heading, the progress, Next and its reason, the error
// screen, the busy photo or generation, and which option of each radio group is checked.
import type { Page } from 'playwright-core';
import { type AccountStatus, accountViewOf } from '../../../machines/kitchen/account-view';
import { type MyDataState, myDataOf } from '../../../machines/kitchen/my-data';
import { byStep, keptValue, LAST_STEP, offeredValues, type StepId } from '../../../machines/kitchen/steps';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import { NOT_FOUND_PATH } from './executors';
import { ARMED_FAILURE_MESSAGE, listsOf } from './ui-model';

export interface ScreenFacts {
  path: string;
  heading: string;
  progress: string | null;
  /** The error screen's message ('(any)' when only its presence is known), or null. */
  error: string | null;
  busy: 'preparing' | 'checking' | 'generating' | null;
  /** Whether Next (or Generate) is blocked, and the reason shown; null off the wizard or on an error. */
  next: { blocked: boolean; reason: string | null } | null;
  /** The index of the checked option per radio group on screen (-1: none checked). */
  checked: Record<string, number>;
  /** The privacy page's delete controls: which of the `myData` region's states they show; null elsewhere. */
  myData: MyDataState | null;
  /** What the header's account controls show; null where there are none (access denied). */
  account: AccountStatus | null;
  /**
   * The marking tool on screen (saving, or showing why its last save failed), or what the photo step says of
   * marking; null where it says nothing.
   */
  marking: 'open' | 'saving' | 'failed' | 'invited' | 'marked' | 'skipped' | null;
}

const HOME_HEADING = 'See Your Kitchen Reimagined';
const ROUTE_HEADINGS: Record<string, string> = {
  home: HOME_HEADING,
  'onboarding/how-it-works': 'How It Works',
  'onboarding/personalization': 'Make It Yours',
  'onboarding/showcase': 'Showcase',
  'your-kitchen': 'Your Kitchen',
  'access-denied': 'Access Denied',
  'not-found': 'Not Found',
  privacy: 'Privacy and Your Data',
};
const NO_GENERATIONS_LEFT = 'You have no generations left.';

/** Reads the screen; every field at the same moment. */
export function readScreen(page: Page): Promise<ScreenFacts> {
  return page.evaluate(() => {
    const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? null;
    const errorTitle = document.getElementById('error-screen-title');
    const status = text(document.querySelector('.upload__status'));
    const nav = document.querySelector('.wizard-nav');
    const advance = [...(nav?.querySelectorAll('button') ?? [])].find((button) =>
      ['Next', 'Generate'].includes(button.textContent?.trim() ?? ''),
    );
    const buttonNamed = (name: string) =>
      [...document.querySelectorAll('main button')].some((button) => button.textContent?.trim() === name);
    const privacyHeading = document.querySelector('.privacy h1[data-route-heading]');
    const myData = !privacyHeading
      ? null
      : buttonNamed('Deleting…')
        ? 'deleting'
        : buttonNamed('Yes, delete my data')
          ? 'confirming'
          : buttonNamed('Done')
            ? 'deleted'
            : buttonNamed('Dismiss')
              ? 'failed'
              : buttonNamed('Delete my data')
                ? 'idle'
                : null;
    const checked: Record<string, number> = {};
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
      if (!(radio.name in checked)) {
        const group = [
          ...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${radio.name}"]`),
        ];
        checked[radio.name] = group.findIndex((option) => option.checked);
      }
    }
    return {
      path: location.pathname,
      heading: text(document.querySelector('h1[data-route-heading]')) ?? '',
      progress: document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null,
      error: errorTitle ? (text(errorTitle.nextElementSibling) ?? '') : null,
      busy: document.getElementById('generation-title')
        ? 'generating'
        : status === 'Preparing your photo…'
          ? 'preparing'
          : status === 'Checking your photo…'
            ? 'checking'
            : null,
      next:
        advance && !errorTitle
          ? {
              blocked: advance.getAttribute('aria-disabled') === 'true',
              reason: text(document.getElementById('wizard-next-reason')),
            }
          : null,
      checked,
      myData,
      account: document.querySelector('.account-controls')?.getAttribute('data-account-status') ?? null,
      marking: document.getElementById('marking-title')
        ? document.querySelector('.marking__actions [aria-busy="true"]')
          ? 'saving'
          : document.querySelector('.marking [role="alert"]')
            ? 'failed'
            : 'open'
        : (document.querySelector('.marking-invite')?.getAttribute('data-marking') ?? null),
    } as ScreenFacts;
  });
}

/** The index of the chosen option in each radio group of a step, as the mirror's context has it. */
function expectedChecked(step: StepId, snapshot: KitchenSnapshot): Record<string, number> {
  const { frontals, worktops } = snapshot.context;
  const catalogue = listsOf(snapshot.context.catalogue);
  const on = (state: 'ready') => snapshot.matches({ routes: { 'create-kitchen': { [step]: state } } });
  // Keyed by the step type: a step of its own missing here does not compile.
  const checkedOn = byStep<() => Record<string, number>>(
    {
      'upload-image': () => ({}),
      design: () => ({ 'door-style': catalogue.doorStyleGroups.indexOf(frontals.doorStyleGroup ?? '') }),
      finishing: () => ({ finish: catalogue.finishes.indexOf(frontals.finish ?? '') }),
      'frontal-color': () => {
        const groups = {
          'front-colour-group': catalogue.frontalColourGroups.indexOf(frontals.colorGroup ?? ''),
        };
        if (!on('ready')) return groups;
        const frontal = catalogue.frontalPreviews.findIndex((item) => item.id === frontals.selectedFrontalId);
        return { ...groups, 'front-colour': frontal };
      },
      material: () => ({ 'worktop-material': catalogue.worktopMaterials.indexOf(worktops.material ?? '') }),
      'material-color': () => {
        const groups = {
          'worktop-colour-group': catalogue.worktopColourGroups.indexOf(worktops.colourGroup ?? ''),
        };
        if (!on('ready')) return groups;
        const colour = catalogue.worktopColours.findIndex((item) => item.colour === worktops.colour);
        return { ...groups, 'worktop-colour': colour };
      },
      'material-preview': () => ({
        'worktop-finish': catalogue.worktopPreviews.findIndex(
          (item) => item.id === worktops.selectedWorktopId,
        ),
      }),
    },
    // A shared-choice step's group is named by the step and lists what it offers in order.
    (shared) => () => ({
      [shared]: offeredValues(shared, snapshot.context).indexOf(keptValue(shared, snapshot.context) ?? ''),
    }),
  );
  return checkedOn[step]();
}

/** What the screen must show for the mirror's snapshot. */
export function expectedScreen(snapshot: KitchenSnapshot): ScreenFacts {
  const view = viewOf(snapshot);
  const { context } = snapshot;
  const step = view.step?.id ?? null;
  const settled = view.error === null && !view.isLoading;
  const isLast = step === LAST_STEP;
  // On the last step, Generate gives the service's refusal while it lasts, then the spent allowance.
  const generateReason =
    view.generationRefusal ?? (context.remainingGenerations === 0 ? NO_GENERATIONS_LEFT : null);
  const reason = view.nextBlockedReason ?? (isLast ? generateReason : null);
  return {
    path: view.path ?? NOT_FOUND_PATH,
    heading: view.step?.title ?? ROUTE_HEADINGS[view.route] ?? '',
    // The bar shows whole percents.
    progress: view.progress === null ? null : String(Math.round(view.progress)),
    // Only a failure the test caused has a message the test knows; the others must show the error screen.
    error: view.error === null ? null : view.error === ARMED_FAILURE_MESSAGE ? view.error : '(any)',
    busy: view.isGenerating
      ? 'generating'
      : view.isProcessingImage
        ? 'preparing'
        : view.isModerating
          ? 'checking'
          : null,
    next: step !== null && view.error === null ? { blocked: reason !== null, reason } : null,
    checked: step !== null && settled ? expectedChecked(step, snapshot) : {},
    myData: view.route === 'privacy' ? myDataOf(snapshot) : null,
    // Signed out, the app reloads as a new guest.
    account: view.route === 'access-denied' ? null : signedOutAsGuest(accountViewOf(snapshot).status),
    marking: expectedMarking(snapshot),
  };
}

/** The tool while marking; under a checked photo at rest, the invitation or what was decided. */
function expectedMarking(snapshot: KitchenSnapshot): ScreenFacts['marking'] {
  const view = viewOf(snapshot);
  // A save's failure shows in the tool: until it does, the next step must not start (its disarming would leave
  // the armed failure's request unanswered).
  if (view.isMarking) {
    return view.isSavingMarking ? 'saving' : snapshot.context.markingError !== null ? 'failed' : 'open';
  }
  const { context } = snapshot;
  const atRest = view.error === null && !view.isProcessingImage && !view.isModerating;
  // As the chart's `hasCheckedPhoto` and the invite: a passed verdict (the server's or the cache's) and the photo.
  const checked = context.moderationPassed === true && context.inputImageDataUrl !== null;
  return view.step?.id === 'upload-image' && atRest && checked ? (context.photoMarking ?? 'invited') : null;
}

const signedOutAsGuest = (status: AccountStatus): AccountStatus =>
  status === 'signedOut' ? 'guest' : status;

/** Whether the screen shows what is expected; groups the expectation does not name are not compared. */
export function matches(seen: ScreenFacts, expected: ScreenFacts): boolean {
  const checkedAgree = Object.entries(expected.checked).every(
    ([group, index]) => seen.checked[group] === index,
  );
  return (
    seen.path === expected.path &&
    seen.heading === expected.heading &&
    seen.progress === expected.progress &&
    (expected.error === '(any)' ? seen.error !== null : seen.error === expected.error) &&
    seen.busy === expected.busy &&
    seen.account === expected.account &&
    JSON.stringify(seen.next) === JSON.stringify(expected.next) &&
    seen.myData === expected.myData &&
    seen.marking === expected.marking &&
    checkedAgree
  );
}
