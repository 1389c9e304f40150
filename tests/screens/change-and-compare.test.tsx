// The result page's "change one thing" and side-by-side view (issue 16), through the screens and the chart.

import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { choiceNameOf } from '../../contract/kitchen-choices';
import type { ComparedKitchen, LoadComparisonInput, PastGeneration } from '../../machines/kitchen/actors';
import { viewOf } from '../../machines/kitchen/view';
import { SPEC_STEP_ORDER } from '../../tooling/spec-oracle';
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

async function showResult(server: FakeServer = {}) {
  const app = renderApp({ restored: COMPLETE_SELECTIONS, history: HISTORY, ...server });
  await act(async () => {});
  app.navigate('create-kitchen/kitchen-island');
  await shown('Kitchen Island');
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
  await screen.findByRole('region', { name: 'Change one thing' }, { timeout: 10_000 });
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
    // Each button names the choice as the share page and the spec sheet do (contract/kitchen-choices.ts).
    const offered = within(screen.getByRole('region', { name: 'Change one thing' })).getAllByRole('button');
    // The spec's steps in order (the spec oracle), each by its choice's name in the contract; the photo by name.
    expect(offered.map((button) => button.textContent?.replace('Change the ', ''))).toEqual([
      'photo',
      ...SPEC_STEP_ORDER.slice(1).map((step) => choiceNameOf(step).toLowerCase()),
    ]);
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
    const choose = screen.getByRole('group', { name: /choose 2 to 4/ });
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
    const view = await screen.findByRole('region', { name: 'Side by side' });
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
    expect(screen.queryByRole('region', { name: 'Side by side' })).toBeNull();
    expect(screen.getByRole('group', { name: /choose 2 to 4/ })).toBeTruthy();
  });

  it("marks a studio's added step that only one kitchen has as differing", async () => {
    const withSplashback = kitchen('latest', 'Honed');
    withSplashback.choices.push({ step: 'splashback', name: 'Splashback', value: 'tiles', label: 'Tiles' });
    await showResult({ compareKitchens: async () => [withSplashback, kitchen('oldest', 'Honed')] });
    const boxes = screen.getAllByRole('checkbox', { name: /kitchen|Made/ });
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    const view = await screen.findByRole('region', { name: 'Side by side' });
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
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your kitchen');
  });

  it('offers nothing, and says why, when no other kitchen was made from this photo', async () => {
    const history = HISTORY.map((generation) =>
      generation.id === 'latest' ? generation : { ...generation, source: OTHER_PHOTO },
    );
    const app = await showResult({ history });
    expect(screen.queryByRole('group', { name: /choose 2 to 4/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByText(/needs two kitchens made from the same photo/)).toBeTruthy();
    // The chart refuses a choice that mixes photos, whoever sends it.
    act(() => app.actor.send({ type: 'COMPARE.OPEN', jobIds: ['latest', 'earlier'] }));
    expect(app.context().comparison).toBeNull();
    expect(screen.queryByRole('region', { name: 'Side by side' })).toBeNull();
  });
});
