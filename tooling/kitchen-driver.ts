// Drives the app the way a user does (clicks on cards and buttons, files through the file input), and waits
// for what the user would wait for. No assertions here: the tests assert, and the screenshot script walks the
// product with the same moves.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { byStep, STEP_IDS, type StepId, stepMeta } from '../machines/kitchen/steps';
import type { PickedFile } from './made-images';
import { SPEC_STEP_ORDER, SPEC_STEP_TITLES, type SpecStepId, specTitleOf } from './spec-oracle';

/** The radio groups to choose in on each step, in order, keyed by the step type; a shared choice's is its id. */
const STEP_GROUPS = byStep<readonly string[]>(
  {
    'upload-image': [],
    design: ['door-style'],
    finishing: ['finish'],
    'frontal-color': ['front-colour-group', 'front-colour'],
    material: ['worktop-material'],
    'material-color': ['worktop-colour-group', 'worktop-colour'],
    'material-preview': ['worktop-finish'],
  },
  (step) => [step],
);

/** The wizard as the spec lists it (SPEC §2, from the spec oracle): path segment, title, and its radio groups. */
export const SPEC_STEPS = SPEC_STEP_ORDER.map((id) => ({
  id,
  title: SPEC_STEP_TITLES[id],
  groups: STEP_GROUPS[id],
}));

export type SpecStep = (typeof SPEC_STEPS)[number];
export type { SpecStepId };

export const specStep = (id: SpecStepId): SpecStep & { index: number } => {
  const index = SPEC_STEPS.findIndex((step) => step.id === id);
  const step = SPEC_STEPS[index];
  if (!step) throw new Error(`Not a wizard step: ${id}`);
  return { ...step, index };
};

export const stepPath = (id: StepId) => `/create-kitchen/${id}`;

/**
 * Generous waits: a shared CI machine can be slow, and nothing here measures time (as SCREEN_WAIT_MS in
 * tooling/browser.ts: 20 s ran out beside another full test run, issue 35).
 */
const WAIT_MS = 60_000;
/** The offline render, the empty room and polling every 700 ms: allow a good while on a busy machine. */
const GENERATION_WAIT_MS = 120_000;

/** The screen's one route heading. */
export const routeHeading = (page: Page): Locator => page.locator('h1[data-route-heading]');

/** Waits until the screen's heading reads `title`. */
export async function waitForHeading(page: Page, title: string): Promise<void> {
  await page
    .locator('h1[data-route-heading]', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) })
    .waitFor({ timeout: WAIT_MS });
}

/** Waits for a wizard step: its path in the address bar and its title on the screen. */
export async function waitForStep(page: Page, id: StepId): Promise<void> {
  await page.waitForURL((url) => url.pathname === stepPath(id), { timeout: WAIT_MS });
  // A step the spec names must show the spec's title; one a studio added shows its own.
  await waitForHeading(page, specTitleOf(id) ?? stepMeta(id).title);
}

export const nextButton = (page: Page): Locator => page.getByRole('button', { name: 'Next', exact: true });
export const backButton = (page: Page): Locator => page.getByRole('button', { name: 'Back', exact: true });
export const generateButton = (page: Page): Locator =>
  page.getByRole('button', { name: 'Generate', exact: true });

/**
 * A button that may sit in a part of the result page folded on a phone (the choices' Change buttons): the fold is
 * opened first, as a visitor would, then the button is clicked.
 */
export async function clickUnfolded(page: Page, name: string): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  // Inside a closed fold the button is hidden, which the role query leaves out unless told.
  const hidden = page.getByRole('button', { name, exact: true, includeHidden: true });
  const fold = page.locator('details.fold:not([open])', { has: hidden });
  if ((await fold.count()) > 0) await fold.locator(':scope > summary').click();
  await target.click();
}

/** The file input behind "Choose a file" (the other one asks for the camera). */
const fileInput = (page: Page): Locator => page.locator('input[type="file"]:not([capture])');

export type PhotoFile = string | PickedFile;

/** Chooses a photo through the file input, as a user picking a file does. */
export async function choosePhoto(page: Page, photo: PhotoFile): Promise<void> {
  await fileInput(page).setInputFiles(photo);
}

export type PhotoOutcome = 'ready' | 'rejected';

/**
 * Waits until the chosen photo has been prepared and checked; answers what the user is told. A photo kept with
 * the question "Is this your kitchen?" is ready too: the question then stands in for the ready line.
 */
export async function photoOutcome(page: Page): Promise<PhotoOutcome> {
  const ready = page
    .getByText('Your photo is ready. Continue when you are.')
    .or(page.getByRole('status').filter({ hasText: 'Is this your kitchen?' }));
  const rejected = page.getByRole('alert').filter({ hasText: "We can't use this photo." });
  await ready.or(rejected).first().waitFor({ timeout: WAIT_MS });
  return (await ready.isVisible()) ? 'ready' : 'rejected';
}

/** A flat magenta JPEG: the deterministic moderation rule (`MODERATION=rule`) judges it unsafe. */
export async function magentaPhoto(): Promise<PickedFile> {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 255, g: 0, b: 255 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: 'magenta.jpg', mimeType: 'image/jpeg', buffer };
}

const radios = (page: Page, group: string): Locator => page.locator(`input[type="radio"][name="${group}"]`);

/** The visible card (the radio's label) of the option at `index` in a radio group. */
export const card = (page: Page, group: string, index: number): Locator =>
  page.locator('label', { has: radios(page, group) }).nth(index);

/** Clicks the first option's card once the group has loaded; answers the option's label. */
export async function chooseFirstIn(page: Page, group: string, timeoutMs = WAIT_MS): Promise<string> {
  const first = card(page, group, 0);
  await first.waitFor({ timeout: timeoutMs });
  await first.click({ timeout: timeoutMs });
  await page.waitForFunction(
    (name) =>
      document.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]`)?.checked === true,
    group,
    { timeout: timeoutMs },
  );
  return (await first.locator('.choice__label').textContent())?.trim() ?? '';
}

/** Chooses the first option in each of the step's groups, in order; answers their labels. */
export async function chooseFirstOptions(page: Page, id: StepId): Promise<string[]> {
  const labels: string[] = [];
  for (const group of STEP_GROUPS[id]) labels.push(await chooseFirstIn(page, group));
  return labels;
}

/** Goes on with Next to each of `steps` in turn, choosing the first option of each group there. */
export async function nextChoosingFirst(page: Page, steps: readonly StepId[]): Promise<void> {
  for (const step of steps) {
    await nextButton(page).click();
    await waitForStep(page, step);
    await chooseFirstOptions(page, step);
  }
}

/** The checked option's label in a radio group, or null. */
export async function checkedLabel(page: Page, group: string): Promise<string | null> {
  const checked = page.locator('label', { has: page.locator(`input[name="${group}"]:checked`) });
  if ((await checked.count()) === 0) return null;
  return (await checked.locator('.choice__label').textContent())?.trim() ?? null;
}

/** Waits until a radio group has loaded its options. */
export async function waitForGroup(page: Page, group: string): Promise<void> {
  await radios(page, group).first().waitFor({ state: 'attached', timeout: WAIT_MS });
}

/**
 * Records, inside the page, every generation stage announced and whether the progress heading appeared, so a
 * fast generation whose stages flash by is still observed. Read it with `recordedGeneration`.
 */
export async function recordGeneration(context: BrowserContext): Promise<void> {
  // A string, not a function: the test runner's transform may add helpers to functions that the page lacks.
  await context.addInitScript(`(() => {
    const seen = { progressShown: false, stages: [] };
    window.__generationSeen = seen;
    new MutationObserver(() => {
      if (document.getElementById('generation-title')) seen.progressShown = true;
      const live = document.querySelector('.generation__live')?.textContent?.trim();
      if (live && seen.stages[seen.stages.length - 1] !== live) seen.stages.push(live);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  })();`);
}

export async function recordedGeneration(page: Page): Promise<{ progressShown: boolean; stages: string[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { __generationSeen: { progressShown: boolean; stages: string[] } })
        .__generationSeen,
  );
}

/** Waits until the generation has ended: its result or the error screen. */
export async function waitForGenerationEnd(page: Page): Promise<'result' | 'error'> {
  const result = page.getByRole('link', { name: 'Download image' });
  const failed = page.getByText('Something went wrong', { exact: true });
  await result.or(failed).first().waitFor({ timeout: GENERATION_WAIT_MS });
  return (await result.isVisible()) ? 'result' : 'error';
}

/**
 * Presses Tab until the focused element matches `selector` (and, when given, has the text `text`); throws
 * after `limit` presses.
 */
export async function tabTo(page: Page, selector: string, text?: string, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(
      ([wanted, wantedText]) => {
        const active = document.activeElement;
        if (!active?.matches(wanted)) return false;
        return wantedText === null || active.textContent?.trim() === wantedText;
      },
      [selector, text ?? null] as const,
    );
    if (reached) return;
  }
  throw new Error(`Tab never reached ${selector}${text ? ` "${text}"` : ''} in ${limit} presses`);
}

/** The focused element, described: its tag, its text and whether it is the route heading. */
export function focusedElement(page: Page): Promise<{ tag: string; text: string; isRouteHeading: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      text: active?.textContent?.trim() ?? '',
      isRouteHeading: active?.matches('h1[data-route-heading]') ?? false,
    };
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * From the upload step, chooses the photo and the first option of every step up to the last, pressing Next
 * in between (Shaker, the first door style, skips the handles step by itself). Ends on the last step with
 * Generate enabled.
 */
export async function completeWizard(page: Page, photo: PhotoFile): Promise<void> {
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, photo);
  if ((await photoOutcome(page)) !== 'ready') throw new Error('The photo did not pass the check.');
  for (const id of STEP_IDS.slice(1)) {
    if (id === 'handles') continue;
    await nextButton(page).click();
    await waitForStep(page, id);
    await chooseFirstOptions(page, id);
  }
}
