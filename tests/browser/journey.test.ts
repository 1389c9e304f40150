// The whole product in real Chromium against the real server: home, onboarding, a real kitchen photo through
// the real moderation model (nsfwjs), every wizard step with its spec title and progress, the generation's
// stages, and the result. Axe checks these screens in every-screen.test.ts (320 and 1280 px) and the UI-path
// suite (390 px), so this walk keeps its time for the journey itself.
import { describe, expect, it } from 'vitest';
import {
  backButton,
  chooseFirstOptions,
  choosePhoto,
  generateButton,
  nextButton,
  photoOutcome,
  recordedGeneration,
  recordGeneration,
  routeHeading,
  SPEC_STEPS,
  type SpecStepId,
  specStep,
  waitForGenerationEnd,
  waitForHeading,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { SPEC_STEP_ORDER, specProgress } from '../../tooling/spec-oracle';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite({ moderation: 'nsfw' });

const KITCHEN_PHOTO = await kitchenPhotoFile();
/** Shaker, the first door style, is made with handles only: the app stores that and skips the handles step. */
const STEPS_SHOWN: readonly SpecStepId[] = SPEC_STEPS.map((step) => step.id).filter((id) => id !== 'handles');

async function expectStepShown(id: SpecStepId): Promise<void> {
  const { page } = suite;
  const { title, index } = specStep(id);
  await waitForStep(page, id);
  expect((await routeHeading(page).textContent())?.trim()).toBe(title);
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  const percent = Math.round(specProgress(id));
  expect(await progress.getAttribute('aria-valuenow')).toBe(String(percent));
  await page.getByText(`Step ${index + 1} of ${SPEC_STEP_ORDER.length} · ${percent}%`).waitFor();
}

async function expectNextBlockedWithReason(): Promise<string> {
  const next = suite.page.getByRole('button', { name: /^(Next|Generate)$/ });
  expect(await next.getAttribute('aria-disabled')).toBe('true');
  const reasonId = await next.getAttribute('aria-describedby');
  expect(reasonId).toBeTruthy();
  const reason = (await suite.page.locator(`[id="${reasonId?.split(' ')[0]}"]`).textContent())?.trim() ?? '';
  expect(reason).toMatch(/to continue\.$/);
  return reason;
}

describe('the journey from home to a reimagined kitchen', () => {
  it('goes through onboarding, the photo check, every step, the generation and the result', async () => {
    const { page, context } = suite;
    await recordGeneration(context);

    await page.goto('/');
    await waitForHeading(page, 'See Your Kitchen Reimagined');

    await page.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL('**/onboarding/how-it-works');
    await waitForHeading(page, 'How It Works');
    for (const [title, copy] of [
      ['SNAP', "Let's see your space. Snap or upload a photo of your kitchen."],
      ['SHAPE', 'Share your style, colors, finishes and layouts you love. We bring them to your photo.'],
      [
        'SEE',
        'See your kitchen reimagined, in your own photo with your new fronts and worktop, and a sketch of your layout.',
      ],
    ] as const) {
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      expect(await item.textContent()).toContain(copy);
    }

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/onboarding/personalization');
    await waitForHeading(page, 'Make It Yours');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/onboarding/showcase');
    await waitForHeading(page, 'Showcase');

    await page.getByRole('button', { name: 'Start creating' }).click();
    await expectStepShown('upload-image');
    expect(await expectNextBlockedWithReason()).toContain('photo');

    await choosePhoto(page, KITCHEN_PHOTO);
    expect(await photoOutcome(page)).toBe('ready');
    await page.getByRole('img', { name: 'Your kitchen', exact: true }).waitFor();
    expect(await nextButton(page).getAttribute('aria-disabled')).toBe('false');

    const choices: string[] = [];
    for (const id of STEPS_SHOWN.slice(1)) {
      const isLast = id === 'kitchen-island';
      await nextButton(page).click();
      await expectStepShown(id);
      if (id === 'finishing') {
        // The handles step was skipped, and Back goes past it to the design step, then forward again.
        await backButton(page).click();
        await expectStepShown('design');
        await nextButton(page).click();
        await expectStepShown('finishing');
      }
      // Wait for the step's options before reading whether Next is blocked: a loading step blocks too.
      await page.locator('input[type="radio"]').first().waitFor({ state: 'attached' });
      await expectNextBlockedWithReason();
      choices.push(...(await chooseFirstOptions(page, id)));
      const advance = isLast ? generateButton(page) : nextButton(page);
      expect(await advance.getAttribute('aria-disabled')).toBe('false');
    }
    expect(choices.slice(0, 2)).toEqual(['Shaker', 'Matt']);

    await page.getByText('5 generations left').waitFor();
    await generateButton(page).click();
    await page.waitForURL('**/your-kitchen');
    await waitForHeading(page, 'Your Kitchen');
    expect(await waitForGenerationEnd(page)).toBe('result');

    const seen = await recordedGeneration(page);
    expect(seen.progressShown).toBe(true);
    expect(seen.stages.length).toBeGreaterThan(0);
    for (const stage of seen.stages) {
      expect([
        'Waiting for a free renderer…',
        'Preparing your photo…',
        'Rendering your new kitchen…',
        'Adding the finishing touches…',
      ]).toContain(stage);
    }

    await page.getByRole('img', { name: 'Your kitchen before' }).first().waitFor();
    await page.getByRole('img', { name: 'Your kitchen reimagined' }).first().waitFor();
    await page.getByRole('slider', { name: 'Compare before and after' }).waitFor();
    // Unmarked, the offline picture is the photo as it is: free, so the count stays (D72).
    await page.getByText('5 generations left').waitFor();
    const download = page.getByRole('link', { name: 'Download image' });
    expect(await download.getAttribute('download')).toBeTruthy();
    const href = (await download.getAttribute('href')) ?? '';
    const image = await page.request.get(new URL(href, suite.origin).toString());
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  });
});
