// The result page's "change one thing" with its review (issues 16, 25) and side-by-side view, through the
// screens and the chart.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { choiceNameOf } from '../../contract/kitchen-choices';
import type { ComparedKitchen, LoadComparisonInput, PastGeneration } from '../../machines/kitchen/actors';
import { chosenOn, LAST_STEP, stepMeta } from '../../machines/kitchen/steps';
import { viewOf } from '../../machines/kitchen/view';
import { SPEC_STEP_ORDER, type SpecStepId } from '../../tooling/spec-oracle';
import { COMPLETE_SELECTIONS, type FakeServer, renderApp, shown } from './harness';

afterEach(cleanup);

const THIS_PHOTO = { imageId: 'photo-1', imageUrl: '/photo-1.jpg' };
const OTHER_PHOTO = { imageId: 'photo-2', imageUrl: '/photo-2.jpg' };
const HISTORY: PastGeneration[] = [
  { id: 'latest', imageUrl: '/result.png', createdAt: '2026-11-20T10:00:00.000Z', source: THIS_PHOTO },
  { id: 'elsewhere', imageUrl: '/elsewhere.jpg', createdAt: '2026-11-19T11:00:00.000Z', source: OTHER_PHOTO },
  { id: 'earlier', imageUrl: '/earlier.jpg', createdAt: '2026-11-19T09:30:00.000Z', source: THIS_PHOTO },
  { id: 'oldest', imageUrl: '/oldest.jpg', createdAt: '2026-11-18T09:30:00.000Z', source: THIS_PHOTO },
];

/**
 * The summary's row of each step the spec names, in the complete wizard (the screens' harness), in words; the
 * order is the spec oracle's, and a studio's step (named from its id) shows what the wizard chose on it.
 */
const SPEC_SUMMARY_ROWS: Partial<Record<SpecStepId, [string, string]>> = {
  'upload-image': ['Photo', 'Your photo'],
  design: ['Door style', 'Shaker'],
  handles: ['Handles', 'With handles'],
  finishing: ['Front finish', 'Matt'],
  'frontal-color': ['Front color', 'Chalk White'],
  material: ['Worktop material', 'Quartz'],
  'material-color': ['Worktop color', 'Calacatta'],
  'material-preview': ['Worktop finish', 'Polished'],
  'kitchen-shape': ['Layout', 'L-shaped'],
  'kitchen-island': ['Island', 'An island'],
};

async function showResult(server: FakeServer = {}) {
  const app = renderApp({ restored: COMPLETE_SELECTIONS, history: HISTORY, ...server });
  await act(async () => {});
  app.navigate(`create-kitchen/${LAST_STEP}`);
  await shown(stepMeta(LAST_STEP).title);
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
  await screen.findByRole('region', { name: 'Your Choices' }, { timeout: 10_000 });
  return app;
}

const kitchen = (id: string, finish: string): ComparedKitchen => ({
  id,
  imageUrl: `/${id}.jpg`,
  choices: [
    { step: 'design', name: 'Door style', value: 'Shaker', label: 'Shaker' },
    { step: 'material-preview', name: 'Worktop finish', value: `${finish.toLowerCase()}-id`, label: finish },
  ],
});

describe('change one thing', () => {
  it('opens the wizard at that step with every other choice kept', async () => {
    const app = await showResult();
    const before = app.context();
    // Each row names the choice as the share page and the spec sheet do (contract/kitchen-choices.ts), with
    // what was chosen and a Change button that says which choice it changes.
    const summary = screen.getByRole('region', { name: 'Your Choices' });
    const rows = SPEC_STEP_ORDER.map(
      (step) => SPEC_SUMMARY_ROWS[step] ?? [choiceNameOf(step), chosenOn(step, before)?.label],
    );
    expect(
      [...summary.querySelectorAll('.choices-summary__row')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('.choices-summary__value')?.textContent,
      ]),
    ).toEqual(rows);
    const offered = within(summary).getAllByRole('button');
    expect(offered.map((button) => button.getAttribute('aria-label')?.replace('Change the ', ''))).toEqual(
      rows.map(([name]) => name?.toLowerCase()),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change the worktop finish' }));
    await shown('Worktop Finish');
    // The address bar follows with a new entry (the URL projection reads these).
    expect(viewOf(app.actor.getSnapshot())).toMatchObject({
      path: '/create-kitchen/material-preview',
      navigation: 'push',
    });
    expect(app.context().frontals).toEqual(before.frontals);
    expect(app.context().worktops).toEqual(before.worktops);
    expect(app.context().selectedShape).toBe(before.selectedShape);
    expect(app.context().hasIsland).toBe(before.hasIsland);
  });

  it('returns to a review of every choice with Generate, not through every later step', async () => {
    const generated: string[] = [];
    const app = await showResult({
      generateKitchen: async (input) => {
        generated.push(input.configuration?.worktop.finish ?? 'none');
        return {
          imageUrl: `/result-${generated.length}.png`,
          remainingGenerations: 3,
          provider: 'local',
          layoutSketchUrl: null,
        };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change the worktop finish' }));
    await shown('Worktop Finish');
    fireEvent.click(await screen.findByRole('radio', { name: /Honed/ }));
    expect(screen.getByText('Next takes you back to the review of your choices.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Two steps were left after the worktop finish: the review comes instead of them.
    const review = await screen.findByRole('region', { name: 'Review Your Choices' });
    expect(viewOf(app.actor.getSnapshot())).toMatchObject({ path: '/your-kitchen', isReviewing: true });
    const worktopFinish = [...review.querySelectorAll('.choices-summary__row')].find(
      (row) => row.querySelector('dt')?.textContent === 'Worktop finish',
    );
    expect(worktopFinish?.querySelector('.choices-summary__value')?.textContent).toBe('Honed');
    // Back to the kitchen without generating: Next walks the wizard again afterwards.
    fireEvent.click(screen.getByRole('button', { name: 'Back to your kitchen' }));
    expect(await screen.findByRole('region', { name: 'Your Choices' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your Reimagined Kitchen' }));
    expect(app.context().changingOneThing).toBe(false);
    // Changing again, then generating from the review.
    fireEvent.click(screen.getByRole('button', { name: 'Change the worktop finish' }));
    await shown('Worktop Finish');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Review Your Choices' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('region', { name: 'Your Choices' }, { timeout: 10_000 })).toBeTruthy();
    expect(generated).toEqual(['Polished', 'Honed']);
  });

  it('walks the steps a change cleared before the review: the chart still decides what is complete', async () => {
    const app = await showResult();
    fireEvent.click(screen.getByRole('button', { name: 'Change the worktop material' }));
    await shown('Worktop Material');
    fireEvent.click(await screen.findByRole('radio', { name: /Granite/ }));
    // A new material clears its colour and finish: Next leads on to them, not to the review.
    expect(screen.queryByText('Next takes you back to the review of your choices.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Worktop Color');
    expect(viewOf(app.actor.getSnapshot()).isReviewing).toBe(false);
  });
});

describe('side by side', () => {
  it('compares two to four kitchens of this photo, beside the photo, and marks the choices that differ', async () => {
    const asked: LoadComparisonInput[] = [];
    await showResult({
      compareKitchens: async (input) => {
        asked.push(input);
        return [kitchen('latest', 'Polished'), kitchen('oldest', 'Honed')];
      },
    });
    const choose = screen.getByRole('group', { name: /Choose 2 to 4/ });
    const compare = within(choose).getByRole('button', { name: 'Compare side by side' });
    const boxes = within(choose).getAllByRole('checkbox');
    // The kitchen made from another photo is not offered.
    expect(within(choose).getByText('Kitchens made from this photo')).toBeTruthy();
    expect(boxes).toHaveLength(3);
    // Their thumbnails are decorative (alt ""), so they are read from the markup.
    expect([...choose.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/result.png',
      '/earlier.jpg',
      '/oldest.jpg',
    ]);
    fireEvent.click(boxes[0] as HTMLElement);
    // One kitchen is not a comparison: the button says so and does nothing.
    expect(compare.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(compare);
    expect(asked).toEqual([]);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(compare);
    const view = await screen.findByRole('region', { name: 'Side by Side' });
    // The picker is replaced: focus moves to the view's heading, not to the page's body.
    expect(document.activeElement).toBe(within(view).getByRole('heading', { name: 'Side by Side' }));
    expect(asked).toEqual([{ jobIds: ['latest', 'oldest'] }]);
    expect(
      within(view)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/photo-1.jpg', '/latest.jpg', '/oldest.jpg']);
    expect(within(view).getAllByRole('img', { name: 'Your kitchen before' })).toHaveLength(1);
    const marked = within(view).getAllByText('(differs)');
    expect(marked).toHaveLength(2);
    for (const mark of marked) expect(mark.closest('div')?.textContent).toMatch(/^Worktop finish/);

    fireEvent.click(within(view).getByRole('button', { name: 'Close side by side' }));
    expect(screen.queryByRole('region', { name: 'Side by Side' })).toBeNull();
    expect(screen.getByRole('group', { name: /Choose 2 to 4/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Compare side by side' }));
  });

  it("marks a studio's added step that only one kitchen has as differing", async () => {
    const withSplashback = kitchen('latest', 'Honed');
    withSplashback.choices.push({ step: 'splashback', name: 'Splashback', value: 'tiles', label: 'Tiles' });
    await showResult({ compareKitchens: async () => [withSplashback, kitchen('oldest', 'Honed')] });
    const boxes = screen.getAllByRole('checkbox', { name: /kitchen|Made/ });
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    const view = await screen.findByRole('region', { name: 'Side by Side' });
    const marked = within(view).getAllByText('(differs)');
    expect(marked.map((mark) => mark.closest('div')?.textContent)).toEqual(['SplashbackTiles (differs)']);
  });

  it('says so in place when the kitchens cannot be read', async () => {
    await showResult({ compareKitchens: () => Promise.reject(new Error('offline')) });
    const boxes = screen.getAllByRole('checkbox', { name: /kitchen|Made/ });
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not load these kitchens');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Kitchen');
  });

  it('offers nothing, and says why, when no other kitchen was made from this photo', async () => {
    const history = HISTORY.map((generation) =>
      generation.id === 'latest' ? generation : { ...generation, source: OTHER_PHOTO },
    );
    const app = await showResult({ history });
    expect(screen.queryByRole('group', { name: /Choose 2 to 4/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByText(/needs two kitchens made from the same photo/)).toBeTruthy();
    // The chart refuses a choice that mixes photos, whoever sends it.
    act(() => app.actor.send({ type: 'COMPARE.OPEN', jobIds: ['latest', 'earlier'] }));
    expect(app.context().comparison).toBeNull();
    expect(screen.queryByRole('region', { name: 'Side by Side' })).toBeNull();
  });
});
