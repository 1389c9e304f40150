// Beyond the chart's own paths (issue 7): a deep link into every step, with and without the earlier choices,
// and a generation provider that fails, shown to the user with the generation given back.
import { describe, expect, it } from 'vitest';
import { GENERATIONS_REMAINING_HEADER } from '../../contract/endpoints';
import { jobPaths } from '../../contract/generation';
import { GenerationFailure } from '../../server/generation/provider';
import { registerGenerationProvider } from '../../server/generation/provider-registry';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  completeWizard,
  generateButton,
  routeHeading,
  SPEC_STEPS,
  type SpecStepId,
  specStep,
  stepPath,
  waitForGenerationEnd,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const BROKEN_PROVIDER = 'broken-for-tests';
const PROVIDER_MESSAGE = 'The renderer is out of order; please try again later.';

// Empties the room (free) and then fails the kitchen, the generation that is charged.
registerGenerationProvider(BROKEN_PROVIDER, () => ({
  name: BROKEN_PROVIDER,
  // Costs nothing, like `local`: otherwise its empty room would be claimed as a paid call.
  paid: false,
  emptyRoom: async ({ photo }) => photo,
  kitchen: async () => {
    throw new GenerationFailure(PROVIDER_MESSAGE);
  },
}));

const suite = setUpBrowserSuite({ generationProvider: BROKEN_PROVIDER, generationLimit: 5 });
const KITCHEN_PHOTO = await kitchenPhotoFile();

/**
 * Once every choice is made a deep link opens its step, except handles: Shaker offers handles only, so the step
 * skips itself, on to finishing or back to design depending on where the user last was (DESIGN D12).
 */
const PAST_HANDLES: readonly SpecStepId[] = ['design', 'finishing'];

describe('deep links into every step', () => {
  it('without the earlier choices, each lands on upload-image with the address replaced', async () => {
    const { page } = suite;
    for (const { id } of SPEC_STEPS) {
      await page.goto(stepPath(id));
      await waitForStep(page, 'upload-image');
      expect(new URL(page.url()).pathname).toBe(stepPath('upload-image'));
    }
  });

  it('with every earlier choice made, each opens itself, after a full page load', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await completeWizard(page, KITCHEN_PHOTO);
    for (const { id } of SPEC_STEPS) {
      await page.goto(stepPath(id));
      if (id === 'handles') {
        await page.waitForURL((url) => PAST_HANDLES.some((step) => url.pathname === stepPath(step)));
        continue;
      }
      await waitForStep(page, id);
      expect((await routeHeading(page).textContent())?.trim()).toBe(specStep(id).title);
    }
  });
});

describe('a failing generation provider', () => {
  it('shows its message on the error screen and gives the generation back', async () => {
    const { page, context, origin } = suite;
    await page.goto(stepPath('upload-image'));
    await completeWizard(page, KITCHEN_PHOTO);
    await page.getByText('5 generations left').waitFor();
    await generateButton(page).click();
    await page.waitForURL('**/your-kitchen');
    expect(await waitForGenerationEnd(page)).toBe('error');
    await page.getByText('Something went wrong').waitFor();
    await page.getByText(PROVIDER_MESSAGE).waitFor();
    await page.getByText('Your generation was not charged').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await expectNoAxeViolations(page, 'your-kitchen (generation failed)');

    const history = await context.request.get(`${origin}/api/v1${jobPaths.history}`);
    expect(history.headers()[GENERATIONS_REMAINING_HEADER.toLowerCase()]).toBe('5');
    const { jobs } = (await history.json()) as { jobs: Array<{ state: string; error: string | null }> };
    expect(jobs[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('was not charged') });
  });
});
