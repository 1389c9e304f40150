// Walks the real product in Chromium against the real server and saves a PNG of every screen at a phone size
// and a desktop size into docs/screenshots/<screen>-<mobile|desktop>.png. Run with `npm run screenshots`.
// Every walk uploads a kitchen the project draws: the real photos in ../shared/fixtures are not ours to publish.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { API_PREFIX, cataloguePaths } from '../contract/endpoints';
import { BRUSH_ROWS, type Brush } from '../src/marking/brushes';
import { MARKING_WORDS } from '../src/screens/wizard/steps/PhotoMarkingPanel';
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
  clickUnfolded,
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
import { KITCHENS_TO_MARK } from '../tooling/known-kitchen-marking';
import { knownKitchen } from '../tooling/known-kitchens';
import { dragStrokes, markingReady, type Share } from '../tooling/marking-driver';
import { repoRoot } from '../tooling/paths';

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

/** The drawn kitchen every walk uploads: navy Shaker fronts on a Carrara worktop, L-shape with an island. */
const SHOWN_KITCHEN = KITCHENS_TO_MARK[1] ?? KITCHENS_TO_MARK[0];
let shownKitchenFile: Promise<{ name: string; mimeType: string; buffer: Buffer }> | undefined;
function shownKitchen() {
  shownKitchenFile ??= knownKitchen({ width: 1200, ...SHOWN_KITCHEN?.options }).then(({ picture }) => ({
    name: 'kitchen.png',
    mimeType: 'image/png',
    buffer: picture.bytes,
  }));
  return shownKitchenFile;
}

async function uploadPhoto(page: Page): Promise<void> {
  await choosePhoto(page, await shownKitchen());
  if ((await photoOutcome(page)) !== 'ready') throw new Error('The kitchen photo did not pass the check.');
}

/** Options picked by their labels, by step: each a radio group's name and the option's label. */
type Picks = Partial<Record<SpecStepId, ReadonlyArray<readonly [group: string, label: string]>>>;

/** The README's kitchen: sage fronts and an oak worktop, a change that reads at a glance. */
const README_PICKS: Picks = {
  finishing: [['finish', 'Matt']],
  'frontal-color': [
    ['front-colour-group', 'Greens'],
    ['front-colour', 'Sage'],
  ],
  material: [['worktop-material', 'Solid Wood']],
  'material-color': [
    ['worktop-colour-group', 'Light Woods'],
    ['worktop-colour', 'Prime Oak'],
  ],
};

/**
 * Walks every step after the photo, taking the picks given and the first options elsewhere, then generates and
 * waits for the result.
 */
async function chooseAndGenerate(page: Page, shootEach?: Shooter, picks: Picks = {}): Promise<void> {
  for (const { id } of SPEC_STEPS.slice(1)) {
    await nextButton(page).click();
    await waitForStep(page, id);
    const picked = picks[id];
    if (id === 'design') await chooseByLabel(page, 'door-style', DOOR_STYLE_WITH_HANDLES_STEP);
    else if (picked) for (const [group, label] of picked) await chooseByLabel(page, group, label);
    else await chooseFirstOptions(page, id as SpecStepId);
    await shootEach?.shoot(page, id);
  }
  await generateButton(page).click();
  await waitForHeading(page, 'Your Kitchen');
  if ((await waitForGenerationEnd(page)) !== 'result') throw new Error('The generation did not succeed.');
  await page.getByRole('slider', { name: 'Compare before and after' }).waitFor();
}

/**
 * A visitor's strokes on the drawn kitchen, placed by hand as one would with a mouse, in shares of the photo's
 * width and height: one along each run of fronts, one along each counter, and Not this over the splashback (the
 * same marble as the worktop), the island's plinth, the floor and the wall above the cabinets to keep them.
 */
const stroke = (brush: Brush, ...points: Share[]) => ({ brushLabel: BRUSH_ROWS[brush].label, points });
const README_STROKES = [
  stroke('fronts', [0.05, 0.33], [0.2, 0.36], [0.36, 0.38]),
  stroke('fronts', [0.61, 0.4], [0.78, 0.4]),
  stroke('fronts', [0.05, 0.76], [0.2, 0.72]),
  stroke('fronts', [0.3, 0.75], [0.5, 0.76], [0.7, 0.75]),
  stroke('fronts', [0.77, 0.62], [0.8, 0.68]),
  stroke('worktop', [0.05, 0.62], [0.27, 0.59]),
  stroke('worktop', [0.3, 0.61], [0.5, 0.61], [0.7, 0.61]),
  stroke('worktop', [0.46, 0.573], [0.62, 0.573], [0.79, 0.573]),
  stroke('not-this', [0.05, 0.5], [0.3, 0.52], [0.6, 0.53], [0.78, 0.53]),
  stroke('not-this', [0.29, 0.895], [0.5, 0.895], [0.73, 0.895]),
  stroke('not-this', [0.77, 0.85], [0.87, 0.9], [0.97, 0.95]),
  stroke('not-this', [0.6, 0.3], [0.8, 0.3]),
];

/**
 * Issue 33's "Your kitchen" on a step: the worktop colour step, once the sage fronts and the oak worktop are
 * painted on the visitor's photo (the preview's status says nothing more once it has painted).
 */
function livePreviewShooter(camera: Shooter): Shooter {
  return {
    async shoot(page, screen) {
      if (screen !== 'material-color') return;
      const preview = page.locator('section.step-preview');
      await preview.locator('.step-preview__status').filter({ hasText: /^$/ }).waitFor();
      await camera.shoot(page, 'live-preview');
    },
  };
}

/**
 * The README's pictures: the photo marked with a visitor's few strokes, then the result, the visitor's own photo
 * with the marked fronts and worktop in their choices.
 */
async function shootMarkingAndPhotoResult(page: Page, camera: Shooter): Promise<void> {
  await page.goto(stepPath('upload-image'));
  await uploadPhoto(page);
  await page.getByRole('button', { name: MARKING_WORDS.start, exact: true }).click();
  await markingReady(page);
  await dragStrokes(page, README_STROKES);
  // The whole tool in one picture, taller than a phone's screen: its floating toolbar is drawn where it sits in
  // the tool, not stuck wherever the capture scrolled to (over the photo).
  const toolbar = page.locator('.marking__toolbar');
  await toolbar.evaluate((element: HTMLElement) => element.style.setProperty('position', 'static'));
  await camera.shoot(page, 'marking', page.locator('section.marking'));
  await toolbar.evaluate((element: HTMLElement) => element.style.removeProperty('position'));
  await page.getByRole('button', { name: 'Use this marking', exact: true }).click();
  await page.getByText(MARKING_WORDS.marked).waitFor();
  await chooseAndGenerate(page, livePreviewShooter(camera), README_PICKS);
  // As a visitor first sees it: the divider where the change is (issue 36), once the pictures are compared.
  await page
    .waitForFunction(
      () => document.querySelector('.compare')?.getAttribute('data-position') !== '50',
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  await camera.shoot(page, 'photo-result');
}

/** Every wizard step with its choices made (the handles step included), then the generated result. */
async function shootWizardAndResult(page: Page, camera: Shooter): Promise<void> {
  await uploadPhoto(page);
  await camera.shoot(page, 'upload-image');
  await chooseAndGenerate(page, camera);
  await camera.shoot(page, 'your-kitchen');
  // Issue 25: the choices with their Change, and Start over asking first.
  const choices = page.getByRole('region', { name: 'Your Choices' });
  // Folded on a phone (issue 36): opened, as a visitor opens it to change one thing.
  const folded = choices.locator('details.fold:not([open]) > summary');
  if ((await folded.count()) > 0) await folded.click();
  await camera.shoot(page, 'your-choices', choices);
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
  await completeWizard(page, await shownKitchen());
  await generateButton(page).click();
  if ((await waitForGenerationEnd(page)) !== 'result') throw new Error('The generation did not succeed.');
  // Change one thing (the layout), so side by side has a difference to mark; Next returns to the review.
  await clickUnfolded(page, 'Change the layout');
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
    marking: (page: Page) => shootMarkingAndPhotoResult(page, camera),
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
