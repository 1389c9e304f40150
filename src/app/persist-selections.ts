// Saves the user's choices whenever the persisted part of the machine's context changes (spec §3). Context
// updates are immutable, so "changed" is a reference comparison of the persisted fields, not a serialisation.
import type { Actor } from 'xstate';
import type { KitchenContext } from '../../machines/kitchen/context';
import type { KitchenMachine } from '../../machines/kitchen/machine';
import type { KitchenSnapshot } from '../../machines/kitchen/view';
import type { KeyValueStorage } from '../persistence/key-value-storage';
import {
  forgetSelections,
  persistedWizardState,
  type SaveOutcome,
  saveSelections,
} from '../persistence/kitchen-storage';

// The user id too: signing in makes the stores the account's (their owner), with no choice changed.
const persistedParts = (context: KitchenContext): unknown[] => [
  ...Object.values(persistedWizardState(context)),
  context.frontals,
  context.worktops,
  context.userId,
];

const samePersistedParts = (a: unknown[], b: unknown[]) =>
  a.every((value, index) => Object.is(value, b[index]));

const isDeleted = (snapshot: KitchenSnapshot) => snapshot.matches({ myData: 'deleted' });

/**
 * Starts saving; answers a function that stops it. The state restored at start is not written back. The emptied
 * wizard that "Delete my data" leaves is not written either: the stores are removed (issue 15, item 3).
 */
export function persistSelections(
  actor: Actor<KitchenMachine>,
  storage: KeyValueStorage,
  onSaved: (outcome: SaveOutcome) => void = () => {},
): () => void {
  let saved = persistedParts(actor.getSnapshot().context);
  let deleted = isDeleted(actor.getSnapshot());
  const subscription = actor.subscribe((snapshot) => {
    const justDeleted = isDeleted(snapshot) && !deleted;
    deleted = isDeleted(snapshot);
    const parts = persistedParts(snapshot.context);
    if (justDeleted) forgetSelections(storage);
    else if (!samePersistedParts(parts, saved)) onSaved(saveSelections(storage, snapshot.context));
    saved = parts;
  });
  return () => subscription.unsubscribe();
}
