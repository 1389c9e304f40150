// "Your kitchen" on the wizard's steps (issue 33), as the visitor meets it: the marked photo with the choices so far
// named in its text alternative, updating on each choice; a toggle for the photo as it is; the layout sketch on the
// layout and island steps; an invitation to mark without marking; and "Generate again" saying when nothing
// changed. The painting itself runs in a worker on a canvas, which jsdom has not: tests/browser/live-preview.test.ts
// runs the real one.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewOutcome } from '../../machines/kitchen/actors';
import type { PersistedSelections } from '../../machines/kitchen/context';
import type { RouteId } from '../../machines/kitchen/routes';
import { loadSelections, saveSelections } from '../../src/persistence/kitchen-storage';
import { unchangedNote } from '../../src/screens/your-kitchen/ResultView';
import { COMPLETE_SELECTIONS, renderApp, SAGE_FRONT, shown, startGeneration } from './harness';

afterEach(cleanup);

const MARKED: PersistedSelections = {
  ...COMPLETE_SELECTIONS,
  wizard: { ...COMPLETE_SELECTIONS.wizard, photoMarking: 'marked' },
};

const yourKitchen = () => screen.getByRole('region', { name: 'Your kitchen' });
/** The step's screen loads on demand after its title shows. */
const yourKitchenShown = () => screen.findByRole('region', { name: 'Your kitchen' }, { timeout: 5_000 });

/** A painter that answers when the test says, to see the preview while it updates. */
function heldPainting() {
  const waiting: Array<(outcome: PreviewOutcome) => void> = [];
  const painted: PreviewOutcome = {
    kind: 'painted',
    picture: { width: 1, height: 1, rgba: new Uint8ClampedArray([1, 2, 3, 255]) },
  };
  return {
    paintPreview: () => new Promise<PreviewOutcome>((resolve) => waiting.push(resolve)),
    finish: () =>
      act(async () => {
        for (const resolve of waiting.splice(0)) resolve(painted);
      }),
  };
}

describe('Your kitchen on every step after marking (issue 33)', () => {
  it('names the choices it shows, and updates when another is chosen', async () => {
    const painting = heldPainting();
    const app = renderApp({ restored: MARKED, paintPreview: painting.paintPreview });
    app.navigate('create-kitchen/frontal-color');
    await shown('Front Color');
    await yourKitchenShown();
    const picture = within(yourKitchen()).getByRole('img');
    expect(picture.getAttribute('aria-label')).toBe(
      'Your photo with your choices. Front finish: Matt; Front color: Chalk White; Worktop material: Quartz; ' +
        'Worktop color: Calacatta; Worktop finish: Polished',
    );
    expect(within(yourKitchen()).getByRole('status').textContent).toBe('Updating your kitchen…');
    await painting.finish();
    expect(within(yourKitchen()).getByRole('status').textContent).toBe('');

    fireEvent.click(await screen.findByRole('radio', { name: SAGE_FRONT.colour }));
    expect(picture.getAttribute('aria-label')).toContain('Front color: Sage;');
    expect(within(yourKitchen()).getByRole('status').textContent).toBe('Updating your kitchen…');
    await painting.finish();
    expect(within(yourKitchen()).getByRole('status').textContent).toBe('');
  });

  it('shows the photo as it is while the toggle is pressed', async () => {
    const app = renderApp({ restored: MARKED });
    app.navigate('create-kitchen/material-preview');
    await shown('Worktop Finish');
    await yourKitchenShown();
    const toggle = within(yourKitchen()).getByRole('button', { name: 'Show my photo as it is' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(within(yourKitchen()).getByRole('img', { name: 'Your photo as it is' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(yourKitchen()).getByRole('img').getAttribute('aria-label')).toMatch(/^Your photo with/);
  });

  it('says so when the preview cannot be made', async () => {
    const app = renderApp({
      restored: MARKED,
      paintPreview: async () => ({
        kind: 'failed',
        message: 'The preview of your kitchen could not be made.',
      }),
    });
    app.navigate('create-kitchen/material');
    await shown('Worktop Material');
    await waitFor(() =>
      expect(within(yourKitchen()).getByRole('status').textContent).toBe(
        'The preview of your kitchen could not be made.',
      ),
    );
  });

  it.each([
    ['kitchen-shape', 'Kitchen Layout'],
    ['kitchen-island', 'Kitchen Island'],
  ] as const)('shows the layout sketch beside the photo on %s', async (step, title) => {
    const app = renderApp({ restored: MARKED });
    app.navigate(`create-kitchen/${step}`);
    await shown(title);
    expect(within(yourKitchen()).getByRole('img', { name: 'A drawing of the layout and island you chose' }));
    expect(within(yourKitchen()).getByText(/A drawing, not your photo\./)).toBeTruthy();
  });

  it('invites the visitor to mark when the photo is not marked', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate('create-kitchen/design');
    await shown('Design Style');
    const invitation = screen.getByRole('complementary', { name: 'Your kitchen' });
    expect(invitation.textContent).toContain('mark its fronts and worktop on your photo');
    fireEvent.click(within(invitation).getByRole('link', { name: 'Mark your photo' }));
    await shown('Upload Your Kitchen Photo');
  });
});

describe('after a kitchen is made (issue 33 items 5 and 6)', () => {
  it('says "Generate again" would give the same picture while nothing changed, and not after a change', async () => {
    await startGeneration({ restored: MARKED });
    const again = await screen.findByRole('button', { name: 'Generate again' });
    const note = screen.getByText(unchangedNote(true));
    expect(again.getAttribute('aria-describedby')).toContain(note.id);

    // Change one thing shows the preview on the step as the visitor changes it, before any generation.
    fireEvent.click(screen.getByRole('button', { name: 'Change the front color' }));
    await shown('Front Color');
    await yourKitchenShown();
    fireEvent.click(await screen.findByRole('radio', { name: SAGE_FRONT.colour }));
    expect(within(yourKitchen()).getByRole('img').getAttribute('aria-label')).toContain('Front color: Sage;');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to your kitchen' }));
    expect(await screen.findByRole('button', { name: 'Generate again' })).toBeTruthy();
    expect(screen.queryByText(unchangedNote(true))).toBeNull();
  });
});

describe('after a reload (D117)', () => {
  it('still says "Generate again" would give the same picture', async () => {
    const app = await startGeneration({ restored: MARKED });
    expect(await screen.findByText(unchangedNote(true))).toBeTruthy();
    // What the page's saving writes on each change (persistSelections), then a new page from the stored copy.
    localStorage.clear();
    expect(saveSelections(localStorage, app.context())).toBe('saved');
    cleanup();
    const reloaded = renderApp({ restored: loadSelections(localStorage, 1) });
    reloaded.navigate('your-kitchen');
    await shown('Your Kitchen');
    const again = await screen.findByRole('button', { name: 'Generate again' });
    const note = screen.getByText(unchangedNote(true));
    expect(again.getAttribute('aria-describedby')).toContain(note.id);
    localStorage.clear();
  });
});

describe('the first preview after marking (issue 33, first preview within 1 s)', () => {
  it('loads the next step as soon as the photo is marked, not when Next is pressed', async () => {
    const preloaded: RouteId[] = [];
    const app = renderApp({ restored: MARKED, onPreloadScreen: (route) => preloaded.push(route) });
    app.navigate('create-kitchen/upload-image');
    await shown('Upload Your Kitchen Photo');
    await waitFor(() => expect(preloaded).toContain('create-kitchen/design'));
  });

  it('leaves it to the visitor when the photo is not marked', async () => {
    const preloaded: RouteId[] = [];
    const app = renderApp({
      restored: COMPLETE_SELECTIONS,
      onPreloadScreen: (route) => preloaded.push(route),
    });
    app.navigate('create-kitchen/upload-image');
    await shown('Upload Your Kitchen Photo');
    expect(preloaded).not.toContain('create-kitchen/design');
  });
});
