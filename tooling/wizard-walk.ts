// Moves through the wizard as a visitor does, with the browser tests' driver: the benchmarks that need a
// visitor part-way through (a photo checked, choices made) get there the same way.
import type { BrowserContext, Page } from 'playwright-core';
import {
  checkedLabel,
  chooseFirstIn,
  choosePhoto,
  nextButton,
  photoOutcome,
  SPEC_STEPS,
  type SpecStepId,
  specStep,
  stepPath,
  waitForStep,
} from './kitchen-driver';
import { showcaseKitchen } from './photo-source';

export const LAST_STEP: SpecStepId = 'kitchen-island';

export const currentStep = (page: Page): SpecStepId =>
  new URL(page.url()).pathname.replace('/create-kitchen/', '') as SpecStepId;

/** Chooses the first option in each of the step's groups that has nothing chosen yet. */
async function completeStep(page: Page, id: SpecStepId): Promise<void> {
  for (const group of specStep(id).groups) {
    if ((await checkedLabel(page, group)) === null) await chooseFirstIn(page, group);
  }
}

/** A new page on the upload step with the kitchen photo checked. `origin` when the context has no base URL. */
export async function openWithPhoto(context: BrowserContext, origin = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}${stepPath('upload-image')}`);
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, (await showcaseKitchen()).file);
  if ((await photoOutcome(page)) !== 'ready') throw new Error('The kitchen photo was not accepted.');
  return page;
}

const STEP_TITLES: Record<string, string> = Object.fromEntries(
  SPEC_STEPS.map((step) => [step.id, step.title]),
);

/**
 * Waits until another step than `from` shows: its path in the address bar and its title in the heading. A step
 * that skips itself (handles) is in the address bar for a moment only, so the two must agree.
 */
export async function waitForStepOtherThan(page: Page, from: SpecStepId): Promise<SpecStepId> {
  await page.waitForFunction(
    ([previous, titles]) => {
      const id = location.pathname.replace('/create-kitchen/', '');
      const heading = document.querySelector('h1[data-route-heading]')?.textContent?.trim();
      return id !== previous && heading !== undefined && heading === titles[id];
    },
    [from, STEP_TITLES] as const,
    { timeout: 20_000 },
  );
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
