// Issues 17 and 35's proof: steps added to copies of the contract's ids and options and of the step table at run
// time (a fixed choice and a catalogue choice, added-row.ts) are accepted by the chart, the model-based suite
// over them (its coverage included) and persistence, old saves included, with no other edit. The copies replace
// those modules for this file only; every module that reads the order (steps.ts, the chart, the harness, the
// model) is the real one, built from the copies. added-step-screens.test.tsx runs the screens with them.
import { describe, expect, it, vi } from 'vitest';
import {
  ADDED_AFTER,
  ADDED_CATALOGUE_ID,
  ADDED_CATALOGUE_ROW,
  ADDED_ID,
  ADDED_ROW,
  addedStepTable,
  addedWizardSteps,
} from './added-row';

// The factories are called once the mocked module is first imported, after added-row.ts has loaded.
vi.mock('../../../contract/wizard-steps', (importOriginal) => addedWizardSteps(importOriginal));
vi.mock('../../../machines/kitchen/step-table', (importOriginal) => addedStepTable(importOriginal));

// The model-based suite, run again here against the chart built from the copy, over the added steps (D123): every
// path through them checked step by step, and it fails unless every state within them is reached and every
// transition they declare taken. The rest of the chart is the real one, which kitchen-model.test.ts walks.
const { describeKitchenModel } = await import('../model/model-suite');
describeKitchenModel({ steps: [ADDED_ID, ADDED_CATALOGUE_ID] });

const { kitchenMachine } = await import('../../../machines/kitchen/machine');
const { WIZARD_STEP_IDS: originalIds } = await vi.importActual<
  typeof import('../../../contract/wizard-steps')
>('../../../contract/wizard-steps');
const { LAST_STEP, STEP_IDS, nextStepOf, previousStepOf, stepProgress } = await import(
  '../../../machines/kitchen/steps'
);
const { startKitchen, walkTo } = await import('../support/kitchen-harness');
const { loadSelections, saveSelections, STORAGE_KEYS, WIZARD_STORAGE_VERSION } = await import(
  '../../../src/persistence/kitchen-storage'
);
const { configurationOf } = await import('../../../machines/kitchen/configuration');
const sample = await import('../support/samples');

type Step = (typeof STEP_IDS)[number];
const ADDED = ADDED_ID as Step;
const CATALOGUE = ADDED_CATALOGUE_ID as Step;
/** The step that followed the one the steps are added after, before the addition. */
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

describe('steps added to the table at run time', () => {
  it('take their place in the order, the progress and the neighbours', () => {
    expect(STEP_IDS).toHaveLength(originalIds.length + 2);
    expect(previousStepOf(ADDED)).toBe(ADDED_AFTER);
    expect(nextStepOf(ADDED)).toBe(CATALOGUE);
    expect(nextStepOf(CATALOGUE)).toBe(following);
    const position = originalIds.indexOf(ADDED_AFTER) + 2;
    expect(stepProgress(ADDED)).toBeCloseTo((position / STEP_IDS.length) * 100);
    expect(LAST_STEP).toBe(originalIds.at(-1));
  });

  it('a fixed choice is a state of the chart with its route, left by Next only once chosen', async () => {
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
    expect(kitchen.view().step?.id).toBe(CATALOGUE);
    kitchen.actor.stop();
  });

  it('a catalogue choice loads its list, keeps an item of it in choices, and is left by Next only once chosen', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, CATALOGUE);
    expect(kitchen.context().catalogue[ADDED_CATALOGUE_ROW.list]).toEqual([...sample.materials]);
    expect(kitchen.view()).toMatchObject({
      route: `create-kitchen/${CATALOGUE}`,
      canGoNext: false,
      nextBlockedReason: ADDED_CATALOGUE_ROW.blockedReason,
    });
    kitchen.send({ type: 'STEP.CHOSEN', step: CATALOGUE, value: 'not in the list' });
    expect(kitchen.context().choices).not.toHaveProperty(CATALOGUE);
    // The shared event names its step: another step's choice is not this one's.
    kitchen.send({ type: 'STEP.CHOSEN', step: ADDED, value: 'Solid Wood' });
    expect(kitchen.context().choices).not.toHaveProperty(CATALOGUE);
    kitchen.send({ type: 'STEP.CHOSEN', step: CATALOGUE, value: 'Solid Wood' });
    expect(kitchen.context().choices).toMatchObject({ [CATALOGUE]: 'Solid Wood' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe(following);
    kitchen.actor.stop();
  });

  it('sends a deep link past them back to the first not chosen', async () => {
    for (const step of [ADDED, CATALOGUE]) {
      const kitchen = startKitchen();
      await walkTo(kitchen, step);
      kitchen.send({ type: 'NAVIGATE', route: `create-kitchen/${LAST_STEP}` });
      expect(kitchen.view()).toMatchObject({ route: `create-kitchen/${step}` });
      expect(kitchen.context().navigation).toBe('replace');
      kitchen.actor.stop();
    }
  });

  it('are saved and restored, and reach the generation as choices in words', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, LAST_STEP);
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'no' });
    expect(kitchen.context().choices).toMatchObject({ [ADDED]: 'spots', [CATALOGUE]: sample.materials[0] });
    const storage = memoryStorage();
    expect(saveSelections(storage, kitchen.context())).toBe('saved');
    expect(loadSelections(storage).wizard.choices).toEqual(kitchen.context().choices);
    const choices = configurationOf(kitchen.context())?.choices;
    expect(choices).toContainEqual({ step: ADDED, value: 'spots', label: 'Spotlights' });
    expect(choices).toContainEqual({
      step: CATALOGUE,
      value: sample.materials[0],
      label: sample.materials[0],
    });
    kitchen.actor.stop();
  });

  it('leave a save made before them whole: every choice loads, and the wizard asks for the new steps', async () => {
    // A returning visitor's store, written before the steps were added: no version change, no migration.
    const before = startKitchen();
    await walkTo(before, ADDED);
    const { [ADDED]: _added, [CATALOGUE]: _catalogue, ...older } = before.context().choices;
    const storage = memoryStorage();
    saveSelections(storage, { ...before.context(), choices: older, currentStep: LAST_STEP });
    before.actor.stop();
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.wizard) ?? '{}').version).toBe(WIZARD_STORAGE_VERSION);
    const restored = loadSelections(storage);
    expect(restored.wizard).toMatchObject({ currentStep: LAST_STEP, selectedDesign: 'Shaker' });
    expect(restored.frontals).toEqual(before.context().frontals);
    expect(restored.worktops).toEqual(before.context().worktops);
    const kitchen = startKitchen({ input: { userId: 7, restored } });
    kitchen.send({ type: 'NAVIGATE', route: `create-kitchen/${LAST_STEP}` });
    await kitchen.settled();
    expect(kitchen.view().route).toBe(`create-kitchen/${ADDED}`);
    expect(kitchen.context().worktops.selectedWorktopId).toBe(before.context().worktops.selectedWorktopId);
    kitchen.actor.stop();
  });
});
