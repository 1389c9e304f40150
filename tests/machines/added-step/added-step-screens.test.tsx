// Issue 35's proof for the screens: the steps a studio adds (added-row.ts: a fixed choice, and a catalogue choice
// with its look) added to copies of the contract's ids, the step table, the looks and the spec oracle at run
// time, and the whole screens suite run on the app built from them. The screens' complete wizard
// (tests/screens/harness.tsx) and every table keyed by step follow from the rows, so no screens test is edited.
import { vi } from 'vitest';
import type { StepId } from '../../../machines/kitchen/steps';
import {
  ADDED_CATALOGUE_ID,
  ADDED_CATALOGUE_LOOK,
  ADDED_CATALOGUE_ROW,
  addedStepTable,
  addedWizardSteps,
  withAddedIds,
  withAddedTitles,
} from './added-row';

// The factories are called once the mocked module is first imported, after added-row.ts has loaded.
vi.mock('../../../contract/wizard-steps', (importOriginal) => addedWizardSteps(importOriginal));
vi.mock('../../../machines/kitchen/step-table', (importOriginal) => addedStepTable(importOriginal));
vi.mock('../../../src/screens/wizard/step-looks', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/screens/wizard/step-looks')>();
  return {
    ...original,
    CATALOGUE_LOOKS: { ...original.CATALOGUE_LOOKS, [ADDED_CATALOGUE_ID]: ADDED_CATALOGUE_LOOK },
  };
});
vi.mock('../../../tooling/spec-oracle', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../tooling/spec-oracle')>();
  const order = withAddedIds(original.SPEC_STEP_ORDER);
  const titles: Record<string, string> = withAddedTitles(original.SPEC_STEP_TITLES);
  // The oracle's functions read its own tables, which the copy does not replace: they are given the copy's.
  return {
    ...original,
    SPEC_STEP_ORDER: order,
    SPEC_STEP_TITLES: titles,
    specTitleOf: (step: string) => titles[step],
    specProgress: (step: string, given: readonly string[] = order) => original.specProgress(step, given),
  };
});

/**
 * Every screens test file, run here against the app built from the copies, but the one about loading a screen's
 * code: it needs the first load of each screen, which the files before it here have made, and it reads no step.
 */
const SCREENS = import.meta.glob(['../../screens/*.test.tsx', '!../../screens/screen-loading.test.tsx']);
for (const load of Object.values(SCREENS)) await load();

const { cleanup, fireEvent, screen } = await import('@testing-library/react');
const { afterEach, describe, expect, it } = await import('vitest');
const { CATALOGUE, COMPLETE_SELECTIONS, renderApp, shown } = await import('../../screens/harness');
const { nextStepOf, stepMeta } = await import('../../../machines/kitchen/steps');

/** The added step's id as the copies know it (the real ids' type has no such step). */
const STEP = ADDED_CATALOGUE_ID as StepId;

describe('the added catalogue step on its screen', () => {
  afterEach(cleanup);

  it("shows its list's items as cards, keeps the one chosen in choices, and lets the visitor go on", async () => {
    const app = renderApp({ restored: COMPLETE_SELECTIONS });
    app.navigate(`create-kitchen/${STEP}`);
    await shown(ADDED_CATALOGUE_ROW.title);
    const [, other] = CATALOGUE.worktopMaterials;
    if (other === undefined) throw new Error('The screens catalogue needs two worktop materials.');
    fireEvent.click(await screen.findByRole('radio', { name: other }));
    expect(app.context().choices).toMatchObject({ [ADDED_CATALOGUE_ID]: other });
    expect((screen.getByRole('radio', { name: other }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown(stepMeta(nextStepOf(STEP) ?? STEP).title);
  });
});
