// Saves the user's choices whenever the persisted part of the machine's context changes (spec §3). Context
// updates are immutable, so "changed" is a reference comparison of the persisted fields, not a serialisation.
import type { Actor } from 'xstate';
import type { KitchenContext } from '../../machines/kitchen/context';
import type { KitchenMachine } from '../../machines/kitchen/machine';
import {
  type KeyValueStorage,
  persistedWizardState,
  type SaveOutcome,
  saveSelections,
} from '../persistence/kitchen-storage';

const persistedParts = (context: KitchenContext): unknown[] => [
  ...Object.values(persistedWizardState(context)),
  context.frontals,
  context.worktops,
];

const samePersistedParts = (a: unknown[], b: unknown[]) =>
  a.every((value, index) => Object.is(value, b[index]));

/** Starts saving; answers a function that stops it. The state restored at start is not written back. */
export function persistSelections(
  actor: Actor<KitchenMachine>,
  storage: KeyValueStorage,
  onSaved: (outcome: SaveOutcome) => void = () => {},
): () => void {
  let saved = persistedParts(actor.getSnapshot().context);
  const subscription = actor.subscribe(({ context }) => {
    const parts = persistedParts(context);
    if (samePersistedParts(parts, saved)) return;
    saved = parts;
    onSaved(saveSelections(storage, context));
  });
  return () => subscription.unsubscribe();
}
