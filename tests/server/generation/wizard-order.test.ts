// The server reads a kitchen's choices from the contract's steps (contract/wizard-steps.ts, issue 23): a step a
// studio adds there, with its options, is described in its place in the wizard's order and in its options' words,
// and a value that is none of its options is refused. The contract's table is copied with the step added, for
// this file only; the server's reader is the real one.
import { describe, expect, it, vi } from 'vitest';
import { isKnownChoiceStep } from '../../../contract/kitchen-choices';
import { catalogue } from '../../../server/catalogue/catalogue';

vi.mock('../../../contract/wizard-steps', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../contract/wizard-steps')>();
  const ids: string[] = [...original.WIZARD_STEP_IDS];
  ids.splice(ids.indexOf('material-preview') + 1, 0, 'lighting');
  return {
    ...original,
    WIZARD_STEP_IDS: ids,
    STEP_OPTIONS: {
      ...original.STEP_OPTIONS,
      lighting: [
        { value: 'spots', label: 'Spotlights' },
        { value: 'none', label: 'No extra lighting' },
      ],
    },
  };
});

const { resolveConfiguration } = await import('../../../server/generation/configuration');
const { resolvedChoices } = await import('../../support/resolved-choices');
const { WIZARD_STEP_IDS } = await import('../../../contract/wizard-steps');
const stepIds: readonly string[] = WIZARD_STEP_IDS;

const [frontal] = catalogue.frontalPreviewById.values();
const [worktop] = catalogue.worktopPreviewById.values();
const named = (choices: { step: string; value: string; label?: string }[]) => ({
  frontalId: frontal?.id ?? '',
  worktopId: worktop?.id ?? '',
  shape: 'galley',
  hasIsland: false,
  choices,
});

describe('choices in the wizard order the contract lists', () => {
  it('puts a listed step in its place and a step it does not list last, in its options words', () => {
    const described = resolvedChoices(
      named([
        { step: 'wall-art', value: 'prints', label: 'Prints' },
        { step: 'lighting', value: 'spots', label: 'Spots, as the app said' },
      ]),
    );
    // The steps the server knows and the added one, in the (copied) contract's order; the unlisted one last.
    const told = stepIds.filter((step) => isKnownChoiceStep(step) || step === 'lighting');
    expect(described.map((choice) => choice.step)).toEqual([...told, 'wall-art']);
    expect(stepIds.indexOf('lighting')).toBe(stepIds.indexOf('material-preview') + 1);
    expect(described.find((choice) => choice.step === 'lighting')).toMatchObject({
      name: 'Lighting',
      label: 'Spotlights',
    });
    expect(described.filter((choice) => ['kitchen-shape', 'kitchen-island'].includes(choice.step))).toEqual([
      expect.objectContaining({ value: 'galley', label: 'Galley' }),
      expect.objectContaining({ value: 'no', label: 'No island' }),
    ]);
  });

  it('refuses a value that is none of a listed step options, naming it', () => {
    expect(resolveConfiguration(named([{ step: 'lighting', value: 'candles' }]))).toEqual({
      ok: false,
      problem: 'choices: lighting "candles" is not one of its options.',
    });
    expect(resolveConfiguration(named([{ step: 'lighting', value: 'none' }])).ok).toBe(true);
  });
});
