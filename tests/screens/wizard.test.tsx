import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueRequest, CatalogueResult } from '../../machines/kitchen/catalogue';
import { STEP_BLOCKED_REASONS } from '../../machines/kitchen/requirements';
import { stepMeta } from '../../machines/kitchen/steps';
import { SPEC_STEP_ORDER, SPEC_STEP_TITLES, specProgress } from '../../tooling/spec-oracle';
import { CATALOGUE, COMPLETE_SELECTIONS, renderApp, SAGE_FRONT, shown } from './harness';

afterEach(cleanup);

const heading = () => screen.getByRole('heading', { level: 1 });
const nextButton = () => screen.getByRole('button', { name: 'Next' });
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the wizard frame', () => {
  it.each(SPEC_STEP_ORDER.map((id, index) => [id, SPEC_STEP_TITLES[id], index] as const))(
    'shows %s with its title, description, progress and place in the step list',
    async (id, title, index) => {
      const app = renderApp({ restored: COMPLETE_SELECTIONS });
      app.navigate(`create-kitchen/${id}`);
      await shown(title);
      const { description } = stepMeta(id);
      if (description) expect(screen.getByText(description)).toBeTruthy();
      const progress = screen.getByRole('progressbar');
      expect(progress.getAttribute('aria-valuenow')).toBe(String(Math.round(specProgress(id))));
      expect(
        screen.getByText(`Step ${index + 1} of ${SPEC_STEP_ORDER.length}`, { exact: false }),
      ).toBeTruthy();
      const current = within(screen.getByRole('navigation', { name: 'Wizard steps' }))
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-current') === 'step');
      expect(current.map((item) => item.textContent)).toEqual([`${index + 1}${title}`]);
      // Every choice is made, so the step's own option is shown selected once its list has loaded.
      if (id !== 'upload-image') {
        await waitFor(() =>
          expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
            true,
          ),
        );
      }
    },
  );

  it('keeps Next disabled with its reason until the step is complete', async () => {
    const app = renderApp({
      restored: {
        ...COMPLETE_SELECTIONS,
        frontals: {},
        wizard: { ...COMPLETE_SELECTIONS.wizard, selectedDesign: null },
      },
    });
    app.navigate('create-kitchen/design');
    await shown('Design Style');
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    expect(describedText(nextButton())).toBe(STEP_BLOCKED_REASONS.design);
    fireEvent.click(nextButton());
    expect(heading().textContent).toBe('Design Style');

    fireEvent.click(await screen.findByRole('radio', { name: 'Shaker' }));
    expect(app.context().frontals.doorStyleGroup).toBe('Shaker');
    expect((screen.getByRole('radio', { name: 'Shaker' }) as HTMLInputElement).checked).toBe(true);
    expect(nextButton().getAttribute('aria-disabled')).toBe('false');
    expect(nextButton().getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(nextButton());
    expect(heading().textContent).toBe('Handles');
  });

  it('sends each step’s choice and goes back with Back', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate('create-kitchen/frontal-color');
    await shown('Front Color');
    fireEvent.click(await screen.findByRole('radio', { name: 'Greens' }));
    expect(app.context().frontals.colorGroup).toBe('Greens');
    fireEvent.click(await screen.findByRole('radio', { name: 'Sage' }));
    expect(app.context().frontals.selectedFrontalId).toBe(SAGE_FRONT.id);

    app.navigate('create-kitchen/kitchen-shape');
    fireEvent.click(screen.getByRole('radio', { name: /^Galley/ }));
    expect(app.context().selectedShape).toBe('galley');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const beforeShape = SPEC_STEP_ORDER[SPEC_STEP_ORDER.indexOf('kitchen-shape') - 1] ?? 'kitchen-shape';
    expect(heading().textContent).toBe(SPEC_STEP_TITLES[beforeShape]);

    app.navigate('create-kitchen/material-preview');
    fireEvent.click(await screen.findByRole('radio', { name: /^Honed/ }));
    expect(app.context().worktops.selectedWorktopPreview?.finish).toBe('Honed');
  });

  it('says which choices a changed door style cleared', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate('create-kitchen/design');
    await shown('Design Style');
    fireEvent.click(await screen.findByRole('radio', { name: 'Slab' }));
    expect(app.context().frontals).toMatchObject({
      doorStyleGroup: 'Slab',
      finish: null,
      selectedFrontalId: null,
    });
    const notice = screen.getByText(/cleared because you changed the door style/);
    expect(notice.textContent).toBe(
      'Handle choice, finish, color group and front color cleared because you changed the door style.',
    );
    expect(notice.getAttribute('aria-live')).toBe('polite');
  });

  it('says which worktop choices a changed material cleared', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate('create-kitchen/material');
    await shown('Worktop Material');
    fireEvent.click(await screen.findByRole('radio', { name: /^Granite/ }));
    expect(
      screen.getByText(
        'Worktop color group, worktop color and worktop finish cleared because you changed the worktop material.',
      ),
    ).toBeTruthy();
  });

  it('shows the error screen in place of the step, and Try again loads again', async () => {
    let failures = 1;
    const loadCatalogue = async (request: CatalogueRequest): Promise<CatalogueResult> => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('The catalogue is unavailable.');
      }
      return { kind: request.kind, items: CATALOGUE[request.kind] } as CatalogueResult;
    };
    const app = renderApp({ restored: COMPLETE_SELECTIONS, loadCatalogue });
    app.navigate('create-kitchen/material');
    await shown('Worktop Material');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The catalogue is unavailable.')).toBeTruthy();
    expect(heading().textContent).toBe('Worktop Material');
    expect(screen.queryByRole('radio')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const busy = screen.getByRole('button', { name: 'Trying again…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('radio', { name: /^Quartz/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('ends with Generate, showing the remaining count, which starts the generation', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS, remainingGenerations: 3 });
    await waitFor(() => expect(app.context().remainingGenerations).toBe(3));
    app.navigate('create-kitchen/kitchen-island');
    await shown('Kitchen Island');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(describedText(generate)).toContain('3 generations left');
    act(() => fireEvent.click(generate));
    await shown('Your Kitchen');
  });

  it('blocks Generate when no generations are left', async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS, remainingGenerations: 0 });
    await waitFor(() => expect(app.context().remainingGenerations).toBe(0));
    app.navigate('create-kitchen/kitchen-island');
    await shown('Kitchen Island');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(generate)).toContain('You have no generations left.');
    fireEvent.click(generate);
    expect(heading().textContent).toBe('Kitchen Island');
  });
});

describe('the handles auto-skip', () => {
  const onlyHandles = async (request: CatalogueRequest): Promise<CatalogueResult> =>
    request.kind === 'handleStyles'
      ? {
          kind: 'handleStyles',
          items: request.params.doorStyleGroup === 'Shaker' ? ['handle'] : ['handle', 'handleless'],
        }
      : ({ kind: request.kind, items: CATALOGUE[request.kind] } as CatalogueResult);
  const fromDesign = {
    ...COMPLETE_SELECTIONS,
    frontals: {},
    wizard: { ...COMPLETE_SELECTIONS.wizard, selectedDesign: null },
  };

  it('says on the next step that handles were skipped, and why, and marks the step skipped', async () => {
    const app = renderApp({ restored: fromDesign, loadCatalogue: onlyHandles });
    app.navigate('create-kitchen/design');
    await shown('Design Style');
    fireEvent.click(await screen.findByRole('radio', { name: 'Shaker' }));
    fireEvent.click(nextButton());
    await shown('Front Finish');
    expect(
      screen.getByText(
        'Handles skipped: Shaker doors are made with handles only, so there was nothing to choose. Pick another door style to choose handles.',
      ),
    ).toBeTruthy();
    const steps = within(screen.getByRole('navigation', { name: 'Wizard steps' })).getAllByRole('listitem');
    expect(steps[2]?.textContent).toBe('3Handles (skipped)');
    expect(within(steps[2] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('says nothing when the door style offers a real choice of handles', async () => {
    const app = renderApp({ restored: fromDesign, loadCatalogue: onlyHandles });
    app.navigate('create-kitchen/design');
    await shown('Design Style');
    fireEvent.click(await screen.findByRole('radio', { name: 'Slab' }));
    fireEvent.click(nextButton());
    await shown('Handles');
    fireEvent.click(await screen.findByRole('radio', { name: /With handles/ }));
    fireEvent.click(nextButton());
    await shown('Front Finish');
    expect(screen.queryByText(/Handles skipped/)).toBeNull();
  });
});
