import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { limitRefusalCodes } from '../../contract/refusals';
import type { GeneratedKitchen, GenerateKitchenInput } from '../../machines/kitchen/actors';
import { generationFailureOf } from '../../src/actors/generation-failure';
import { ApiHttpError } from '../../src/api/request-errors';
import { UNMARKED_PHOTO_NOTES } from '../../src/screens/your-kitchen/UnmarkedPhotoNote';
import { COMPLETE_SELECTIONS, PHOTO_DATA_URL, renderApp, shown, startGeneration } from './harness';

afterEach(cleanup);

/** A generation the test finishes by hand, after reporting stages as a provider would. */
function controllableGeneration() {
  let listener: GenerateKitchenInput['listener'] | undefined;
  let finish: (result: GeneratedKitchen) => void = () => {};
  const generateKitchen = (input: GenerateKitchenInput) => {
    listener = input.listener;
    return new Promise<GeneratedKitchen>((resolve) => {
      finish = resolve;
    });
  };
  return {
    generateKitchen,
    reportStage: (stage: 'preparing' | 'rendering') =>
      act(() => listener?.send({ type: 'GENERATION.STAGE', stage })),
    finish: (result: GeneratedKitchen) => act(async () => finish(result)),
  };
}

describe('your kitchen', () => {
  it('says what marking the photo would give when it was not marked, and not once it was', async () => {
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen });
    await generation.finish({
      imageUrl: '/result.png',
      remainingGenerations: 2,
      provider: 'local',
      layoutSketchUrl: null,
    });
    expect(await screen.findByText(UNMARKED_PHOTO_NOTES.recolor)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mark your photo' }).getAttribute('href')).toBe(
      '/create-kitchen/upload-image',
    );
    cleanup();

    const marked = controllableGeneration();
    const app = renderApp({
      restored: { ...COMPLETE_SELECTIONS, wizard: { ...COMPLETE_SELECTIONS.wizard, photoMarking: 'marked' } },
      generateKitchen: marked.generateKitchen,
    });
    await act(async () => {});
    app.navigate('create-kitchen/kitchen-island');
    await shown('Kitchen Island');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await shown('Your Kitchen');
    await marked.finish({
      imageUrl: '/result.png',
      remainingGenerations: 2,
      provider: 'local',
      layoutSketchUrl: '/api/v1/kitchen/jobs/job-1/layout-sketch',
    });
    expect(await screen.findByText(/Your own photo, recolored on this site’s server/)).toBeTruthy();
    expect(screen.queryByText(UNMARKED_PHOTO_NOTES.recolor)).toBeNull();
    // The layout and island a recolour cannot show: beside the photo, captioned as a drawing.
    const sketch = await screen.findByRole('img', { name: 'A drawing of the layout and island you chose' });
    expect(sketch.getAttribute('src')).toBe('/api/v1/kitchen/jobs/job-1/layout-sketch');
    expect(sketch.closest('figure')?.textContent).toContain('A drawing, not your photo.');
  });

  it('says what an unmarked photo gave as this site makes kitchens: redrawn by an AI service', async () => {
    const restored = {
      ...COMPLETE_SELECTIONS,
      wizard: { ...COMPLETE_SELECTIONS.wizard, lastGeneratedImageDataUrl: '/result.png' },
    };
    const app = renderApp({ imageService: 'openai', restored });
    await act(async () => {});
    app.navigate('your-kitchen');
    await shown('Your Kitchen');
    expect(await screen.findByText(UNMARKED_PHOTO_NOTES.ai)).toBeTruthy();
    expect(screen.queryByText(UNMARKED_PHOTO_NOTES.recolor)).toBeNull();
  });

  it('shows an empty state when nothing was generated', async () => {
    const app = renderApp();
    app.navigate('your-kitchen');
    await shown('Your Kitchen');
    expect(screen.getByText('Nothing Generated Yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start designing' }).getAttribute('href')).toBe(
      '/create-kitchen/upload-image',
    );
  });

  it('lists the earlier kitchens with their date and choices, and reopens one on the result page', async () => {
    const photo = { imageId: 'photo-b', imageUrl: '/photo-b.jpg' };
    const choices = [
      { step: 'design', name: 'Door style', value: 'Slab', label: 'Slab' },
      { step: 'handles', name: 'Handles', value: 'yes', label: 'Handleless' },
      { step: 'frontal-color', name: 'Front color', value: 'sage-id', label: 'Sage' },
      { step: 'kitchen-shape', name: 'Layout', value: 'galley', label: 'Galley' },
    ];
    const earlier = [
      { id: 'a', imageUrl: '/result.png', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'b', imageUrl: '/earlier.jpg', createdAt: '2026-11-19T09:30:00.000Z', source: photo, choices },
    ];
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen, history: earlier });
    await generation.finish({
      imageUrl: '/result.png',
      remainingGenerations: 2,
      provider: 'local',
      layoutSketchUrl: null,
    });
    const history = await screen.findByRole('region', { name: 'Your Earlier Kitchens' });
    const [entry, ...others] = within(history).getAllByRole('listitem');
    expect(others).toEqual([]);
    // Its picture (decorative: the entry's words say which kitchen it is), date and main choices.
    expect(entry?.querySelector('img')?.getAttribute('src')).toBe('/earlier.jpg');
    const made = new Date('2026-11-19T09:30:00.000Z').toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(entry?.textContent).toContain(made);
    expect(entry?.textContent).toContain('Slab · Sage · Galley');
    expect(within(history).queryByRole('link')).toBeNull();

    fireEvent.click(within(history).getByRole('button', { name: `Open the kitchen made ${made}` }));
    const title = screen.getByRole('heading', { name: `Your Kitchen of ${made}` });
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole('link', { name: 'Download image' }).getAttribute('href')).toBe('/earlier.jpg');
    expect((await screen.findByRole('img', { name: 'Your kitchen before' })).getAttribute('src')).toBe(
      '/photo-b.jpg',
    );
    const madeWith = screen.getByRole('region', { name: 'Made With' });
    expect(within(madeWith).getByText('Handleless')).toBeTruthy();
    // Only the latest kitchen is changed or started over from.
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Choices' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to your latest kitchen' }));
    expect(screen.getByRole('link', { name: 'Download image' }).getAttribute('href')).toBe('/result.png');
    expect(screen.getByRole('region', { name: 'Your Choices' })).toBeTruthy();
  });

  it('follows the stages, then shows the result with compare, download, generate again and start over', async () => {
    const generation = controllableGeneration();
    const app = await startGeneration({ generateKitchen: generation.generateKitchen });
    const stages = await screen.findByRole('list');
    generation.reportStage('rendering');
    const current = within(stages)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toBe('Rendering your new kitchen');
    expect(screen.getByRole('status').textContent).toBe('Rendering your new kitchen…');

    await generation.finish({
      imageUrl: '/result.png',
      remainingGenerations: 2,
      provider: 'local',
      layoutSketchUrl: null,
    });
    const slider = (await screen.findByLabelText('Compare before and after')) as HTMLInputElement;
    expect(slider.type).toBe('range');
    fireEvent.change(slider, { target: { value: '30' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('30% showing the original');
    const afters = screen.getAllByRole('img', { name: 'Your kitchen reimagined' });
    expect(afters.every((image) => image.getAttribute('src') === '/result.png')).toBe(true);
    expect(screen.getAllByRole('img', { name: 'Your kitchen before' })[0]?.getAttribute('src')).toBe(
      PHOTO_DATA_URL,
    );
    const download = screen.getByRole('link', { name: 'Download image' });
    expect(download.getAttribute('href')).toBe('/result.png');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText('2 generations left')).toBeTruthy();
    expect(screen.getByText('Your photo and kitchens are kept for 30 days.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    expect(screen.getByRole('heading', { name: 'Creating Your Kitchen' })).toBeTruthy();
    await generation.finish({
      imageUrl: '/result-2.png',
      remainingGenerations: 1,
      provider: 'local',
      layoutSketchUrl: null,
    });
    expect(await screen.findByText('1 generation left')).toBeTruthy();

    // Start over asks first; keeping the kitchen puts focus back on the button.
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    const question = screen.getByText(/^Start over with a new photo\?/);
    expect(document.activeElement).toBe(question);
    fireEvent.click(screen.getByRole('button', { name: 'Keep this kitchen' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start over' }));
    expect(app.context().frontals.doorStyleGroup).toBe('Shaker');
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, start over' }));
    await shown('Upload Your Kitchen Photo');
    expect(app.context().frontals.doorStyleGroup).toBeNull();
  });

  it('says what the visitor can still do at 0 generations left, and that generations do not renew', async () => {
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen });
    await generation.finish({
      imageUrl: '/result.png',
      remainingGenerations: 0,
      provider: 'local',
      layoutSketchUrl: null,
    });
    const panel = await screen.findByRole('region', { name: 'You Have Used All Your Generations' });
    expect(panel.textContent).toContain('download this kitchen');
    expect(panel.textContent).toContain('share it with a link');
    expect(panel.textContent).toContain('keep your kitchens with a passkey');
    expect(panel.textContent).toContain('Generations do not renew');
    const again = screen.getByRole('button', { name: 'Generate again' });
    expect(again.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('You have no generations left.')).toBeTruthy();
  });

  it('shows the generation stage once, in its list, and announces it', async () => {
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen });
    await screen.findByRole('list');
    const seen = screen.getAllByText(/Waiting for a free renderer/);
    // The announcement is for screen readers only: one visible line.
    expect(seen.filter((element) => !element.closest('.visually-hidden'))).toHaveLength(1);
  });

  it('cancels a generation', async () => {
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Creating Your Kitchen' })).toBeNull();
    expect(screen.getByText('Nothing Generated Yet')).toBeTruthy();
  });

  it('shows a failed generation on the error screen', async () => {
    await startGeneration({
      generateKitchen: () => Promise.reject({ message: 'The renderer is busy.', remainingGenerations: 3 }),
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says how long the photo and kitchens are kept, as the service configures it', async () => {
    const generation = controllableGeneration();
    await startGeneration({ generateKitchen: generation.generateKitchen, imageRetentionDays: 7 });
    await generation.finish({
      imageUrl: '/result.png',
      remainingGenerations: 2,
      provider: 'local',
      layoutSketchUrl: null,
    });
    expect(await screen.findByText('Your photo and kitchens are kept for 7 days.')).toBeTruthy();
  });
});

/** A refusal as the app's client makes it from the server's answer (src/api, src/actors). */
const refusalOf = (code: string, status: number) =>
  generationFailureOf(new ApiHttpError(status, `The service says no (${code}).`, code, 2, 3600), null);
const statusOf = (code: string) =>
  code === 'STORAGE_LIMIT_REACHED' ? 413 : /BUDGET|BUSY/.test(code) ? 503 : 429;

describe('a generation the service refuses', () => {
  it.each(limitRefusalCodes)(
    'shows the message of %s where the count was, and does not offer Generate again',
    async (code) => {
      let refuse = false;
      const generateKitchen = async (): Promise<GeneratedKitchen> => {
        if (refuse) throw refusalOf(code, statusOf(code));
        return { imageUrl: '/result.png', remainingGenerations: 3, provider: 'local', layoutSketchUrl: null };
      };
      await startGeneration({ generateKitchen });
      expect(await screen.findByText('3 generations left')).toBeTruthy();
      refuse = true;
      fireEvent.click(screen.getByRole('button', { name: 'Generate again' }));
      const message = await screen.findByText(`The service says no (${code}).`);
      expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
      expect(screen.queryByText(/generations left/)).toBeNull();
      const again = screen.getByRole('button', { name: 'Generate again' });
      expect(again.getAttribute('aria-disabled')).toBe('true');
      expect(again.getAttribute('aria-describedby')).toBe(message.id);
      fireEvent.click(again);
      expect(screen.queryByRole('heading', { name: 'Creating Your Kitchen' })).toBeNull();
      // The result stays on show.
      expect(screen.getAllByRole('img', { name: 'Your kitchen reimagined' }).length).toBeGreaterThan(0);
    },
  );

  it('refused at the first try, says so on the page and on the last step, where Generate waits', async () => {
    const app = await startGeneration({
      generateKitchen: () => Promise.reject(refusalOf('DAILY_BUDGET_REACHED', 503)),
    });
    expect(await screen.findByText('The service says no (DAILY_BUDGET_REACHED).')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to your choices' }));
    await shown('Kitchen Island');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('The service says no (DAILY_BUDGET_REACHED).')).toBeTruthy();
    fireEvent.click(generate);
    expect(app.context().currentStep).toBe('kitchen-island');
    expect(screen.queryByRole('heading', { name: 'Creating Your Kitchen' })).toBeNull();
  });
});
