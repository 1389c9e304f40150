// Moves through the wizard as a visitor does, with the browser tests' driver: the benchmarks that need a
// visitor part-way through (a photo checked, choices made) get there the same way.
import type { BrowserContext, Page } from 'playwright-core';
import {
  checkedLabel,
  chooseFirstIn,
  choosePhoto,
  nextButton,
  type PhotoFile,
  photoOutcome,
  SPEC_STEPS,
  type SpecStepId,
  specStep,
  stepPath,
  waitForStep,
} from './kitchen-driver';
import { showcaseKitchen } from './photo-source';

const lastSpecStep = SPEC_STEPS.at(-1);
if (!lastSpecStep) throw new Error('The spec oracle lists no step.');
/** The wizard's last step, as the spec oracle orders the steps (a step a studio adds there may move it). */
export const LAST_STEP: SpecStepId = lastSpecStep.id;

export const currentStep = (page: Page): SpecStepId =>
  new URL(page.url()).pathname.replace('/create-kitchen/', '') as SpecStepId;

/** As the driver's waits (tooling/kitchen-driver.ts): generous on a busy machine, and only a failure waits it out. */
const WALK_WAIT_MS = 60_000;

/** Where the page is and what its heading says, for a walk's failure. */
async function whatTheScreenShows(page: Page): Promise<string> {
  const heading = await page
    .locator('h1[data-route-heading]')
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  return `${new URL(page.url()).pathname} with the heading ${JSON.stringify(heading?.trim() ?? null)}`;
}

/**
 * Chooses the first option in each of the step's groups that has nothing chosen yet. Fails naming the step, the
 * group whose first option it waited for and what the screen showed.
 */
export async function completeStep(page: Page, id: SpecStepId, timeoutMs = WALK_WAIT_MS): Promise<void> {
  for (const group of specStep(id).groups) {
    if ((await checkedLabel(page, group)) !== null) continue;
    try {
      await chooseFirstIn(page, group, timeoutMs);
    } catch (error) {
      throw new Error(
        `The wizard walk on "${id}" waited ${timeoutMs / 1000} s for the first option of "${group}" to show and ` +
          `be chosen; the screen showed ${await whatTheScreenShows(page)}.`,
        { cause: error },
      );
    }
  }
}

/**
 * A new page on the upload step with a kitchen photo checked: the showcase kitchen (real when the photos are
 * beside the clone) unless `photo` is given. `origin` when the context has no base URL.
 */
export async function openWithPhoto(context: BrowserContext, origin = '', photo?: PhotoFile): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}${stepPath('upload-image')}`);
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, photo ?? (await showcaseKitchen()).file);
  if ((await photoOutcome(page)) !== 'ready') throw new Error('The kitchen photo was not accepted.');
  return page;
}

/** What a person sees once a step has settled: its title, and its first choices when it has any. */
const SETTLED_SIGNS = Object.fromEntries(
  SPEC_STEPS.map((step) => [step.id, { title: step.title, firstGroup: step.groups[0] ?? null }]),
);

/**
 * Waits until another step than `from` has settled, as a person sees it: its path in the address bar, its title
 * in the heading and, on a step with choices, its first options on screen. A step that skips itself (handles,
 * when every style of the door style is handleless) shows no options before it moves on, so it is never taken
 * for the step to make choices on. Fails naming the step left, what was awaited and what the screen showed.
 */
export async function waitForStepOtherThan(
  page: Page,
  from: SpecStepId,
  timeoutMs = WALK_WAIT_MS,
): Promise<SpecStepId> {
  try {
    await page.waitForFunction(
      ([previous, signs]) => {
        const id = location.pathname.replace('/create-kitchen/', '');
        const sign = signs[id];
        const heading = document.querySelector('h1[data-route-heading]')?.textContent?.trim();
        if (id === previous || sign === undefined || heading !== sign.title) return false;
        if (sign.firstGroup === null) return true;
        const options = document.querySelectorAll(`input[type="radio"][name="${sign.firstGroup}"]`);
        return [...options].some((option) => option.closest('label')?.checkVisibility() === true);
      },
      [from, SETTLED_SIGNS] as const,
      { timeout: timeoutMs },
    );
  } catch (error) {
    throw new Error(
      `The wizard walk left "${from}" and waited ${timeoutMs / 1000} s for another step to show its title and, ` +
        `if it has choices, its first options; the screen showed ${await whatTheScreenShows(page)}.`,
      { cause: error },
    );
  }
  return currentStep(page);
}

/** Clicks Next, waits for the next step to show and makes its choices. */
export async function advance(page: Page): Promise<void> {
  const from = currentStep(page);
  await nextButton(page).click();
  await completeStep(page, await waitForStepOtherThan(page, from));
}

/** Advances until the last step shows with its choice made. */
export async function walkToLastStep(page: Page): Promise<void> {
  while (currentStep(page) !== LAST_STEP) await advance(page);
}
