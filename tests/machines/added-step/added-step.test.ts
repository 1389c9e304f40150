// Issue 17's proof: a step added to copies of the contract's ids and options and of the step table at run time is
// accepted by the chart, the whole model-based suite (its coverage included) and persistence, with no other edit.
// The copies replace those modules for this file only; every module that reads the order (steps.ts, the chart,
// the harness, the model) is the real one, built from the copies.
import { describe, expect, it, vi } from 'vitest';
import { ADDED_AFTER, ADDED_ID, ADDED_OPTIONS, ADDED_ROW, withAddedId } from './added-row';

vi.mock('../../../contract/wizard-steps', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../contract/wizard-steps')>();
  return {
    ...original,
    WIZARD_STEP_IDS: withAddedId(original.WIZARD_STEP_IDS),
    STEP_OPTIONS: { ...original.STEP_OPTIONS, [ADDED_ID]: ADDED_OPTIONS },
  };
});
vi.mock('../../../machines/kitchen/step-table', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/kitchen/step-table')>();
  return { ...original, STEP_ROWS: { ...original.STEP_ROWS, [ADDED_ID]: ADDED_ROW } };
});

// The model-based suite, run again here against the chart built from the copy: it fails below full coverage.
await import('../model/kitchen-model.test');

const { kitchenMachine } = await import('../../../machines/kitchen/machine');
const { WIZARD_STEP_IDS: originalIds } = await vi.importActual<
  typeof import('../../../contract/wizard-steps')
>('../../../contract/wizard-steps');
const { LAST_STEP, STEP_IDS, nextStepOf, previousStepOf, stepProgress } = await import(
  '../../../machines/kitchen/steps'
);
const { startKitchen, walkTo } = await import('../support/kitchen-harness');
const { loadSelections, saveSelections } = await import('../../../src/persistence/kitchen-storage');
const { configurationOf } = await import('../../../machines/kitchen/configuration');

const ADDED = ADDED_ID as (typeof STEP_IDS)[number];
/** The step that followed the one the step is added after, before the addition. */
const following = originalIds[originalIds.indexOf(ADDED_AFTER) + 1];

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
    expect(STEP_IDS).toHaveLength(originalIds.length + 1);
    expect(previousStepOf(ADDED)).toBe(ADDED_AFTER);
    expect(nextStepOf(ADDED)).toBe(following);
    const position = originalIds.indexOf(ADDED_AFTER) + 2;
    expect(stepProgress(ADDED)).toBeCloseTo((position / STEP_IDS.length) * 100);
    expect(LAST_STEP).toBe(originalIds.at(-1));
  });

  it('is a state of the chart with its route, reached by Next and left by Next only once chosen', async () => {
    expect(kitchenMachine.getStateNodeById('wizard').states).toHaveProperty(ADDED);
    const kitchen = startKitchen();
    await walkTo(kitchen, ADDED);
    expect(kitchen.view()).toMatchObject({
      route: `create-kitchen/${ADDED}`,
      canGoNext: false,
      nextBlockedReason: ADDED_ROW.blockedReason,
    });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe(ADDED);
    kitchen.send({ type: 'STEP.CHOSEN', step: ADDED, value: 'not one of its options' });
    expect(kitchen.context().choices).not.toHaveProperty(ADDED);
    kitchen.send({ type: 'STEP.CHOSEN', step: ADDED, value: 'pendants' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe(following);
    kitchen.actor.stop();
  });

  it('sends a deep link past it back to it while it is not chosen', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, ADDED);
    kitchen.send({ type: 'NAVIGATE', route: `create-kitchen/${LAST_STEP}` });
    expect(kitchen.view()).toMatchObject({ route: `create-kitchen/${ADDED}` });
    expect(kitchen.context().navigation).toBe('replace');
    kitchen.actor.stop();
  });

  it('is saved and restored, and reaches the generation as a choice in words', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, LAST_STEP);
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'no' });
    expect(kitchen.context().choices).toMatchObject({ [ADDED]: 'spots' });
    const storage = memoryStorage();
    expect(saveSelections(storage, kitchen.context())).toBe('saved');
    expect(loadSelections(storage).wizard.choices).toEqual(kitchen.context().choices);
    expect(configurationOf(kitchen.context())?.choices).toContainEqual({
      step: ADDED,
      value: 'spots',
      label: 'Spotlights',
    });
    kitchen.actor.stop();
  });
});
