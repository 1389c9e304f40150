// Driving the marking tool (issue 22) as a visitor does: strokes dragged with the mouse across the photo, in
// shares of its width and height, so the same stroke lands on the same place at any size or zoom.
import type { Locator, Page } from 'playwright-core';

export const markingCanvas = (page: Page): Locator => page.locator('canvas.marking__overlay');

/** The tool is open and its photo ready to paint on. */
export async function markingReady(page: Page): Promise<void> {
  await markingCanvas(page).waitFor({ state: 'visible' });
}

/** Drags from one point to the next over the photo; each point is [x, y] in shares (0-1) of its size. */
export async function dragStroke(page: Page, points: readonly Share[]): Promise<void> {
  // In the middle of the window: the wizard's bar along the bottom would take the strokes near it.
  await markingCanvas(page).evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));
  const box = await markingCanvas(page).boundingBox();
  if (!box) throw new Error('The marking canvas is not on screen');
  const at = ([x, y]: readonly [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...at(point), { steps: 8 });
  await page.mouse.up();
}

/** Picks a brush by its label (Fronts, Worktop, Not this). */
export async function chooseBrush(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
}

/** The line that says what is marked, once a growth has come back. */
export const markedProgress = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /^Marked:/ });

/** Caught up: the overlay on screen is grown from `marks` marks, not from a stroke still being drawn. */
export async function waitForOverlayOf(page: Page, marks: number): Promise<void> {
  await page.waitForFunction((wanted) => {
    const canvas = document.querySelector('canvas.marking__overlay');
    return (
      canvas?.getAttribute('data-overlay-marks') === `${wanted}` &&
      canvas.getAttribute('data-overlay-version') === canvas.getAttribute('data-marks-version')
    );
  }, marks);
}

/** A point over the photo, as [x, y] in shares (0-1) of its width and height. */
export type Share = readonly [x: number, y: number];

/** A stroke's points in shares of a photo of `size`, from the flat pixel list a `Mark` keeps. */
export function sharesOf(points: ArrayLike<number>, size: { width: number; height: number }): Share[] {
  const shares: Share[] = [];
  for (let i = 0; i + 1 < points.length; i += 2)
    shares.push([(points[i] ?? 0) / size.width, (points[i + 1] ?? 0) / size.height]);
  return shares;
}

/**
 * Drags each stroke with its brush (by label), waiting for the overlay after each; `afterEach` runs once a
 * stroke's overlay is on screen, with how many strokes are in.
 */
export async function dragStrokes(
  page: Page,
  strokes: ReadonlyArray<{ brushLabel: string; points: readonly Share[] }>,
  afterEach?: (strokesMade: number) => Promise<void>,
): Promise<void> {
  for (const [index, { brushLabel, points }] of strokes.entries()) {
    await chooseBrush(page, brushLabel);
    await dragStroke(page, points);
    await waitForOverlayOf(page, index + 1);
    await afterEach?.(index + 1);
  }
}

/** Broad strokes over a made kitchen's (tooling/known-kitchens.ts) doors, wall cabinets and worktop run. */
export const MADE_KITCHEN_STROKES: ReadonlyArray<{ brush: string; points: readonly Share[] }> = [
  {
    brush: 'Fronts',
    points: [
      [0.3, 0.76],
      [0.7, 0.76],
    ],
  },
  {
    brush: 'Fronts',
    points: [
      [0.05, 0.35],
      [0.4, 0.35],
    ],
  },
  {
    brush: 'Worktop',
    points: [
      [0.3, 0.61],
      [0.7, 0.61],
    ],
  },
];

/**
 * From the upload step with a checked photo of a made kitchen: opens the marking tool, marks its fronts and
 * worktop with `MADE_KITCHEN_STROKES`, and presses "Use this marking" (the live preview's test and benchmark).
 */
export async function markMadeKitchen(page: Page, startWords: string): Promise<void> {
  await page.getByRole('button', { name: startWords, exact: true }).click();
  await markingReady(page);
  for (const [index, { brush, points }] of MADE_KITCHEN_STROKES.entries()) {
    await chooseBrush(page, brush);
    await dragStroke(page, points);
    await waitForOverlayOf(page, index + 1);
  }
  await markedProgress(page)
    .filter({ hasText: /worktop [1-9]/ })
    .waitFor();
  await page.getByRole('button', { name: 'Use this marking', exact: true }).click();
}
