// One shape for a chosen option (issue 23): every step's choice reaches the generation as the contract's
// `ChosenOption` (step, value, words, and a colour's hex), and the spec's `selectedStyle` and `selectedColor` are
// derived from it, cascades included.
import { describe, expect, it } from 'vitest';
import { configurationOf } from '../../machines/kitchen/configuration';
import { chosenOn, LAST_STEP } from '../../machines/kitchen/steps';
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

  it('keeps the spec fields that repeat a choice in step with it: another door style clears the colour', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, LAST_STEP);
    const chosenStyle = chosenOn('design', kitchen.context())?.label;
    expect(chosenStyle).toBeDefined();
    expect(kitchen.context()).toMatchObject({
      selectedStyle: chosenStyle,
      selectedColor: sample.frontals[0]?.primary_hex,
    });
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/design' });
    await kitchen.atStep('design');
    const other = sample.doorStyleGroups.find((group) => group !== chosenStyle);
    kitchen.send({ type: 'DESIGN.SELECTED', group: other ?? '', image: null });
    await kitchen.settled();
    // The cascade cleared the front (spec §4), and with it the colour the spec's field repeated.
    expect(chosenOn('frontal-color', kitchen.context())).toBeNull();
    expect(kitchen.context()).toMatchObject({ selectedStyle: other, selectedColor: null });
    kitchen.actor.stop();
  });
});
