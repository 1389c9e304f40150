// Walks the real product in Chromium against the real server and saves a PNG of every screen at a phone size
// and a desktop size into docs/screenshots/<screen>-<mobile|desktop>.png. Run with `npm run screenshots`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { API_PREFIX, cataloguePaths } from '../contract/endpoints';
import {
  buildApp,
  DESKTOP_VIEWPORT,
  MOBILE_VIEWPORT,
  newAppContext,
  withAppInChromium,
} from '../tooling/browser';
import {
  card,
  chooseFirstOptions,
  choosePhoto,
  completeWizard,
  generateButton,
  nextButton,
  photoOutcome,
  SPEC_STEPS,
  type SpecStepId,
  stepPath,
  waitForGenerationEnd,
  waitForHeading,
  waitForStep,
} from '../tooling/kitchen-driver';
import { repoRoot } from '../tooling/paths';
import { showcaseKitchen } from '../tooling/photo-source';

const OUT_DIR = path.join(repoRoot, 'docs', 'screenshots');
/** Slab is made with and without handles, so the handles step shows (Shaker, the first style, skips it). */
const DOOR_STYLE_WITH_HANDLES_STEP = 'Slab';

const SIZES = [
  { name: 'mobile', viewport: MOBILE_VIEWPORT, touch: true },
  { name: 'desktop', viewport: DESKTOP_VIEWPORT, touch: false },
] as const;
type SizeName = (typeof SIZES)[number]['name'];

interface Shooter {
  /** The viewport from the top; or only `part` of the page, when given. */
  shoot(page: Page, screen: string, part?: Locator): Promise<void>;
}

function shooter(size: SizeName, saved: string[]): Shooter {
  return {
    async shoot(page, screen, part) {
      if (!part) await page.evaluate(() => window.scrollTo(0, 0));
      // Let lazy images and fonts settle: the PNG shows what a user sees once the screen is ready.
      await page.waitForLoadState('networkidle');
      const png = await (part ?? page).screenshot({ animations: 'disabled', caret: 'hide' });
      // A 256-colour palette keeps screens of flat colour small; the kitchen photos survive it well enough.
      const small = await sharp(png)
        .png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 })
        .toBuffer();
      const file = path.join(OUT_DIR, `${screen}-${size}.png`);
      writeFileSync(file, small);
      saved.push(path.relative(repoRoot, file));
    },
  };
}

async function shootOnboarding(page: Page, camera: Shooter): Promise<void> {
  await page.goto('/');
  await waitForHeading(page, 'See Your Kitchen Reimagined');
  await camera.shoot(page, 'home');
  await page.getByRole('link', { name: 'Get started' }).click();
  await waitForHeading(page, 'How It Works');
  await camera.shoot(page, 'how-it-works');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForHeading(page, 'Make It Yours');
  await camera.shoot(page, 'personalization');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForHeading(page, 'Showcase');
  await camera.shoot(page, 'showcase');
  await page.getByRole('button', { name: 'Start creating' }).click();
  await waitForStep(page, 'upload-image');
}

async function uploadPhoto(page: Page): Promise<void> {
  await choosePhoto(page, (await showcaseKitchen()).file);
  if ((await photoOutcome(page)) !== 'ready') throw new Error('The kitchen photo did not pass the check.');
}

/** Every wizard step with its choices made (the handles step included), then the generated result. */
async function shootWizardAndResult(page: Page, camera: Shooter): Promise<void> {
  await uploadPhoto(page);
  await camera.shoot(page, 'upload-image');
  for (const { id } of SPEC_STEPS.slice(1)) {
    await nextButton(page).click();
    await waitForStep(page, id);
    if (id === 'design') await chooseByLabel(page, 'door-style', DOOR_STYLE_WITH_HANDLES_STEP);
    else await chooseFirstOptions(page, id as SpecStepId);
    await camera.shoot(page, id);
  }
  await generateButton(page).click();
  await waitForHeading(page, 'Your Kitchen');
  if ((await waitForGenerationEnd(page)) !== 'result') throw new Error('The generation did not succeed.');
  await page.getByRole('slider', { name: 'Compare before and after' }).waitFor();
  await camera.shoot(page, 'your-kitchen');
  // Issue 25: the choices with their Change, and Start over asking first.
  await camera.shoot(page, 'your-choices', page.getByRole('region', { name: 'Your Choices' }));
  await page.getByRole('button', { name: 'Start over' }).click();
  await camera.shoot(page, 'start-over', page.locator('.result__actions'));
  await page.getByRole('button', { name: 'Keep this kitchen' }).click();
  // Issue 15: the guest's offer to keep their kitchens with a passkey.
  await camera.shoot(page, 'save-my-kitchens', page.getByRole('region', { name: 'Keep Your Kitchens' }));
}

async function chooseByLabel(page: Page, group: string, label: string): Promise<void> {
  const option = page.locator('label', { has: page.locator(`input[name="${group}"]`) }).filter({
    has: page.locator('.choice__label', { hasText: new RegExp(`^${label}$`) }),
  });
  await option.click();
  await page.locator(`input[name="${group}"]:checked`).waitFor({ state: 'attached' });
}

async function shootMessages(page: Page, camera: Shooter): Promise<void> {
  await page.goto('/nowhere');
  await waitForHeading(page, 'Not Found');
  await camera.shoot(page, 'not-found');
  await page.goto('/access-denied');
  await waitForHeading(page, 'Access Denied');
  await camera.shoot(page, 'access-denied');
  // Issue 15: the privacy page, and the confirmation its one destructive button asks for.
  await page.goto('/privacy');
  await page.getByRole('heading', { level: 2, name: 'Your Data' }).waitFor();
  await camera.shoot(page, 'privacy');
  await page.getByRole('button', { name: 'Delete my data' }).click();
  const confirmation = page.getByRole('region', { name: 'Delete Everything?' });
  await confirmation.waitFor();
  await camera.shoot(page, 'delete-my-data', confirmation);
}

/** The error screen as a failing catalogue call shows it on the design step. */
async function shootErrorScreen(page: Page, camera: Shooter): Promise<void> {
  await page.route(`**${API_PREFIX}${cataloguePaths.doorStyleGroups.path}*`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The catalogue is being updated. Please try again in a moment.',
      }),
    }),
  );
  await page.goto(stepPath('upload-image'));
  await waitForStep(page, 'upload-image');
  await uploadPhoto(page);
  await nextButton(page).click();
  await waitForStep(page, 'design');
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  await camera.shoot(page, 'error');
}

/** Issue 16's pages: the result's share panel, side by side, the share page, its spec sheet, a revoked link. */
async function shootSharing(page: Page, camera: Shooter): Promise<void> {
  await page.goto(stepPath('upload-image'));
  await completeWizard(page, (await showcaseKitchen()).file);
  await generateButton(page).click();
  if ((await waitForGenerationEnd(page)) !== 'result') throw new Error('The generation did not succeed.');
  // Change one thing (the layout), so side by side has a difference to mark; Next returns to the review.
  await page.getByRole('button', { name: 'Change the layout' }).click();
  await waitForStep(page, 'kitchen-shape');
  await card(page, 'kitchen-shape', 2).click();
  await nextButton(page).click();
  await page.getByRole('region', { name: 'Review Your Choices' }).waitFor();
  await camera.shoot(page, 'review');
  await generateButton(page).click();
  if ((await waitForGenerationEnd(page)) !== 'result') throw new Error('The generation did not succeed.');
  const share = page.getByRole('region', { name: 'Share' });
  await share.getByRole('checkbox', { name: 'Include my before photo' }).check();
  await share.getByRole('button', { name: 'Create share link' }).click();
  const link = await share.getByRole('textbox', { name: /^Your link/ }).inputValue();
  await camera.shoot(page, 'share-panel', share);
  const history = page.getByRole('region', { name: 'Your Earlier Kitchens' });
  await camera.shoot(page, 'history', history);
  const choose = page.getByRole('group', { name: /Choose 2 to 4/ });
  await choose.getByRole('checkbox').nth(0).check();
  await choose.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Compare side by side' }).click();
  const compared = page.getByRole('region', { name: 'Side by Side' });
  await compared.getByRole('img', { name: 'Kitchen 2' }).waitFor();
  await camera.shoot(page, 'side-by-side', compared);
  await compared.getByRole('button', { name: 'Close side by side' }).click();
  await camera.shoot(page, 'side-by-side-picker', page.getByRole('group', { name: /Choose 2 to 4/ }));
  // An earlier kitchen reopened on the result page.
  await history.getByRole('button', { name: /^Open the kitchen made / }).click();
  await page.getByRole('button', { name: 'Back to your latest kitchen' }).waitFor();
  await camera.shoot(page, 'earlier-kitchen');
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'A Reimagined Kitchen' }).waitFor();
  await camera.shoot(page, 'share-page');
  await page.getByRole('link', { name: /^Spec sheet/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Kitchen Spec Sheet' }).waitFor();
  await camera.shoot(page, 'spec-sheet');
  // As printed: no brand bar or buttons, black on white.
  await page.emulateMedia({ media: 'print' });
  await camera.shoot(page, 'spec-sheet-print');
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${link.slice(0, -4)}nope`);
  await page.getByRole('heading', { level: 1, name: 'Link Not Found' }).waitFor();
  await camera.shoot(page, 'share-not-found');
}

async function shootAtSize(
  browser: Browser,
  origin: string,
  size: (typeof SIZES)[number],
  saved: string[],
  only: readonly string[],
) {
  const camera = shooter(size.name, saved);
  // Fresh browser profiles: each walk starts as a new visitor with a full generation quota.
  const named: Record<string, (page: Page) => Promise<void>> = {
    journey: async (page: Page) => {
      await shootOnboarding(page, camera);
      await shootWizardAndResult(page, camera);
    },
    messages: (page: Page) => shootMessages(page, camera),
    error: (page: Page) => shootErrorScreen(page, camera),
    sharing: (page: Page) => shootSharing(page, camera),
  };
  const walks = Object.entries(named)
    .filter(([name]) => only.length === 0 || only.includes(name))
    .map(([, walk]) => walk);
  for (const walk of walks) {
    const context = await newAppContext(browser, origin, size.viewport, size.touch);
    try {
      await walk(await context.newPage());
    } finally {
      await context.close();
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  console.log(`The kitchen photo: ${(await showcaseKitchen()).words}`);
  const distDir = buildApp();
  const saved: string[] = [];
  try {
    await withAppInChromium(distDir, async ({ origin, browser }) => {
      // `npm run screenshots -- sharing` takes only the walks named; none named: all of them.
      const only = process.argv.slice(2);
      for (const size of SIZES) await shootAtSize(browser, origin, size, saved, only);
    });
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
  console.log(`Saved ${saved.length} screenshots:\n  ${saved.join('\n  ')}`);
}

await main();
