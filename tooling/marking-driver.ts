// Driving the marking tool (issue 22) as a visitor does: strokes dragged with the mouse across the photo, in
// shares of its width and height, so the same stroke lands on the same place at any size or zoom.
import type { Locator, Page } from 'playwright-core';

export const markingCanvas = (page: Page): Locator => page.locator('canvas.marking__overlay');

/** The tool is open and its photo ready to paint on. */
export async function markingReady(page: Page): Promise<void> {
  await markingCanvas(page).waitFor({ state: 'visible' });
}

/** Drags from one point to the next over the photo; each point is [x, y] in shares (0-1) of its size. */
export async function dragStroke(page: Page, points: readonly (readonly [number, number])[]): Promise<void> {
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

/** A stroke planned in Node (pixels of a photo of `width` × `height`), with the brush's label. */
export interface PlannedStroke {
  brushLabel: string;
  points: ArrayLike<number>;
}

/**
 * Drags each stroke with its brush, waiting for the overlay after each; `afterEach` runs once a stroke's overlay
 * is on screen (with how many strokes are in). Answers how many strokes were made.
 */
export async function dragPlannedStrokes(
  page: Page,
  strokes: readonly PlannedStroke[],
  size: { width: number; height: number },
  afterEach?: (strokesMade: number) => Promise<void>,
): Promise<number> {
  let made = 0;
  for (const { brushLabel, points } of strokes) {
    await chooseBrush(page, brushLabel);
    const shares: [number, number][] = [];
    for (let i = 0; i + 1 < points.length; i += 2)
      shares.push([(points[i] ?? 0) / size.width, (points[i + 1] ?? 0) / size.height]);
    await dragStroke(page, shares);
    made += 1;
    await waitForOverlayOf(page, made);
    await afterEach?.(made);
  }
  return made;
}
