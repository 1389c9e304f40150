// Issue 17's proof: a step added to a copy of the step table at run time is accepted by the chart, the whole
// model-based suite (its coverage included) and persistence, with no other edit. The copy replaces the table
// module for this file only; every module that reads the order (steps.ts, the chart, the harness, the model)
// is the real one, built from the copy.
import { describe, expect, it, vi } from 'vitest';
import type { StepRow } from '../../../machines/kitchen/step-table';
import { SPLASHBACK_ROW, withStepAfter } from './splashback-row';

vi.mock('../../../machines/kitchen/step-table', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/kitchen/step-table')>();
  const rows: readonly StepRow[] = original.WIZARD_STEPS;
  return { ...original, WIZARD_STEPS: withStepAfter(rows, 'material-preview', SPLASHBACK_ROW) };
});

// The model-based suite, run again here against the chart built from the copy: it fails below full coverage.
await import('../model/kitchen-model.test');

const { kitchenMachine } = await import('../../../machines/kitchen/machine');
const { LAST_STEP, STEP_IDS, nextStepOf, previousStepOf, stepProgress } = await import(
  '../../../machines/kitchen/steps'
);
const { startKitchen, walkTo } = await import('../support/kitchen-harness');
const { loadSelections, saveSelections } = await import('../../../src/persistence/kitchen-storage');
const { configurationOf } = await import('../../../machines/kitchen/configuration');

const SPLASHBACK = SPLASHBACK_ROW.id as (typeof STEP_IDS)[number];

/** Local storage as the browser has it, for the round trip. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('a step added to the table at run time', () => {
  it('takes its place in the order, the progress and the neighbours', () => {
    expect(STEP_IDS).toHaveLength(11);
    expect(previousStepOf(SPLASHBACK)).toBe('material-preview');
    expect(nextStepOf(SPLASHBACK)).toBe('kitchen-shape');
    expect(stepProgress(SPLASHBACK)).toBeCloseTo((9 / 11) * 100);
    expect(LAST_STEP).toBe('kitchen-island');
  });

  it('is a state of the chart with its route, reached by Next and left by Next only once chosen', async () => {
    expect(kitchenMachine.getStateNodeById('wizard').states).toHaveProperty(SPLASHBACK);
    const kitchen = startKitchen();
    await walkTo(kitchen, SPLASHBACK);
    expect(kitchen.view()).toMatchObject({
      route: `create-kitchen/${SPLASHBACK}`,
      canGoNext: false,
      nextBlockedReason: SPLASHBACK_ROW.blockedReason,
    });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe(SPLASHBACK);
    kitchen.send({ type: 'STEP.CHOSEN', step: SPLASHBACK, value: 'not one of its options' });
    expect(kitchen.context().choices).toEqual({});
    kitchen.send({ type: 'STEP.CHOSEN', step: SPLASHBACK, value: 'glass' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('kitchen-shape');
    kitchen.actor.stop();
  });

  it('sends a deep link past it back to it while it is not chosen', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, SPLASHBACK);
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/kitchen-island' });
    expect(kitchen.view()).toMatchObject({ route: `create-kitchen/${SPLASHBACK}` });
    expect(kitchen.context().navigation).toBe('replace');
    kitchen.actor.stop();
  });

  it('is saved and restored, and reaches the generation as a choice in words', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'ISLAND.SELECTED', hasIsland: false });
    expect(kitchen.context().choices).toEqual({ [SPLASHBACK]: 'tiles' });
    const storage = memoryStorage();
    expect(saveSelections(storage, kitchen.context())).toBe('saved');
    expect(loadSelections(storage).wizard.choices).toEqual({ [SPLASHBACK]: 'tiles' });
    expect(configurationOf(kitchen.context())?.choices).toContainEqual({
      step: SPLASHBACK,
      value: 'tiles',
      label: 'Tiles',
    });
    kitchen.actor.stop();
  });
});
