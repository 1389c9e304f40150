// One shape for a chosen option (issue 23): every step's choice reaches the generation as the contract's
// `ChosenOption` (step, value, words, and a colour's hex), and the spec's `selectedColor` is derived from it.
import { describe, expect, it } from 'vitest';
import { configurationOf } from '../../machines/kitchen/configuration';
import { LAST_STEP } from '../../machines/kitchen/steps';
import { startKitchen, walkTo } from './support/kitchen-harness';
import * as sample from './support/samples';

describe('a chosen option', () => {
  it('is one shape from the wizard to the generation, with the colours hex, and sets selectedColor', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, LAST_STEP);
    kitchen.send({ type: 'STEP.CHOSEN', step: LAST_STEP, value: 'no' });
    const [front] = sample.frontals;
    const [worktopColour] = sample.worktopColours;
    const choices = configurationOf(kitchen.context())?.choices ?? [];
    expect(choices).toContainEqual({
      step: 'frontal-color',
      value: front?.id,
      label: front?.colour,
      hex: front?.primary_hex,
    });
    expect(choices).toContainEqual({
      step: 'material-color',
      value: worktopColour?.colour,
      label: worktopColour?.colour,
      hex: worktopColour?.primary_hex,
    });
    expect(choices).toContainEqual({ step: 'kitchen-shape', value: 'l-shaped', label: 'L-shaped' });
    expect(choices).toContainEqual({ step: 'kitchen-island', value: 'no', label: 'No island' });
    expect(kitchen.context().selectedColor).toBe(front?.primary_hex);
    kitchen.actor.stop();
  });
});
