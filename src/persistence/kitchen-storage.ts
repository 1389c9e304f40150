// Reads and writes the three stores of spec §3 (create-kitchen-storage v5, frontals-store, worktops-store).
// A store that is unreadable, of an unknown version or of the wrong shape reads as empty: never a white screen.
// A write that does not fit (a huge photo) drops the photos and keeps every choice.
import {
  initialWizardState,
  type KitchenContext,
  type PersistedSelections,
  type PersistedWizardState,
} from '../../machines/kitchen/context';
import type { KeyValueStorage } from './key-value-storage';
import { envelopeSchema, frontalsSchema, wizardStateSchema, worktopsSchema } from './schemas';
import { type Check, INVALID } from './shape-checks';
import { SHARE_ADDRESSES_KEY } from './share-addresses';

export const STORAGE_KEYS = {
  wizard: 'create-kitchen-storage',
  frontals: 'frontals-store',
  worktops: 'worktops-store',
} as const;

/**
 * Whose choices the stores hold (the boot data's user id). A browser whose user is no longer the one who made
 * them (their data deleted on another device, their session ended) drops them instead of showing a deleted
 * kitchen again (issue 24).
 */
export const STORAGE_OWNER_KEY = 'kitchen-owner';

/**
 * The strokes of the saved marking (`saved-marking.ts`, loaded with the marking tool): named here, with the other
 * stores, so forgetting them all keeps the marking's brushes, and the contract and zod behind them, out of the
 * first load.
 */
export const SAVED_MARKING_KEY = 'kitchen-marking';

export const WIZARD_STORAGE_VERSION = 5;
const SELECTION_STORE_VERSION = 0;

/**
 * Fields each older wizard version lacks: a migration adds them with their initial values (null, an empty
 * moderation cache, the first step). The file itself is never stored.
 */
const { file: _neverStored, ...WIZARD_DEFAULTS } = initialWizardState();

const OLDEST_MIGRATABLE_VERSION = 1;

/** The value as the check reads it; undefined when it does not pass. */
function readAs<T>(check: Check<T>, value: unknown): T | undefined {
  const read = check(value);
  return read === INVALID ? undefined : read;
}

function readEnvelope(storage: KeyValueStorage, key: string) {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    return readAs(envelopeSchema, JSON.parse(raw));
  } catch {
    // Storage can throw (disabled, sandboxed) and JSON can be corrupt: both read as empty.
    return undefined;
  }
}

function readStore<T>(
  storage: KeyValueStorage,
  key: string,
  schema: Check<T>,
  version: number,
): T | undefined {
  const envelope = readEnvelope(storage, key);
  if (envelope?.version !== version) return undefined;
  return readAs(schema, envelope.state);
}

function readWizard(storage: KeyValueStorage) {
  const envelope = readEnvelope(storage, STORAGE_KEYS.wizard);
  if (!envelope) return undefined;
  const { version, state } = envelope;
  if (version < OLDEST_MIGRATABLE_VERSION || version > WIZARD_STORAGE_VERSION) return undefined;
  const migrated = version < WIZARD_STORAGE_VERSION ? { ...WIZARD_DEFAULTS, ...state } : state;
  return readAs(wizardStateSchema, migrated);
}

/** Forgets every store (signing out: the next visitor on this browser starts afresh). */
export function clearSelections(storage: KeyValueStorage): void {
  for (const key of [
    ...Object.values(STORAGE_KEYS),
    STORAGE_OWNER_KEY,
    SHARE_ADDRESSES_KEY,
    SAVED_MARKING_KEY,
  ]) {
    try {
      storage.removeItem(key);
    } catch {
      // Storage that refuses to forget (sandboxed) has nothing we could read back either.
    }
  }
}

function storedOwner(storage: KeyValueStorage): string | null {
  try {
    return storage.getItem(STORAGE_OWNER_KEY);
  } catch {
    return null;
  }
}

/**
 * What the browser kept from earlier visits for `userId`; each store that cannot be read is left out. Stores
 * another user made are forgotten (stores from before the owner was kept are read as this user's).
 */
export function loadSelections(storage: KeyValueStorage, userId: number | null = null): PersistedSelections {
  const owner = storedOwner(storage);
  if (userId !== null && owner !== null && owner !== String(userId)) {
    clearSelections(storage);
    return { wizard: {}, frontals: {}, worktops: {} };
  }
  return {
    wizard: readWizard(storage) ?? {},
    frontals: readStore(storage, STORAGE_KEYS.frontals, frontalsSchema, SELECTION_STORE_VERSION) ?? {},
    worktops: readStore(storage, STORAGE_KEYS.worktops, worktopsSchema, SELECTION_STORE_VERSION) ?? {},
  };
}

/** The fields that hold photos: written as null when the store would not fit with them. */
const PHOTO_FIELDS = [
  'inputImageDataUrl',
  'lastGeneratedImageDataUrl',
] as const satisfies readonly (keyof PersistedWizardState)[];

const PERSISTED_FIELDS = Object.keys(WIZARD_DEFAULTS) as (keyof PersistedWizardState)[];

/**
 * The persisted set: every field of the wizard state but the file itself, read from its type (D39), so a field
 * added to the wizard state is saved without an edit here, and the schema does not compile without it.
 */
export function persistedWizardState(context: KitchenContext, withPhotos = true): PersistedWizardState {
  const state: Record<string, unknown> = Object.fromEntries(
    PERSISTED_FIELDS.map((field) => [field, context[field]]),
  );
  if (!withPhotos) for (const field of PHOTO_FIELDS) state[field] = null;
  return state as PersistedWizardState;
}

const envelope = (state: object, version: number) => JSON.stringify({ state, version });

function tryWrite(storage: KeyValueStorage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export type SaveOutcome = 'saved' | 'saved-without-photos' | 'failed';

/**
 * Writes the three stores. If they do not fit with the photos (storage holds about 5 M characters), the wizard
 * state is written without its photos and the selections again, so no choice is ever lost to a large photo.
 */
export function saveSelections(storage: KeyValueStorage, context: KitchenContext): SaveOutcome {
  const writeWizard = (withPhotos: boolean) =>
    tryWrite(
      storage,
      STORAGE_KEYS.wizard,
      envelope(persistedWizardState(context, withPhotos), WIZARD_STORAGE_VERSION),
    );
  const writeSelections = () =>
    tryWrite(storage, STORAGE_KEYS.frontals, envelope(context.frontals, SELECTION_STORE_VERSION)) &&
    tryWrite(storage, STORAGE_KEYS.worktops, envelope(context.worktops, SELECTION_STORE_VERSION));

  if (context.userId !== null) tryWrite(storage, STORAGE_OWNER_KEY, String(context.userId));
  if (writeSelections() && writeWizard(true)) return 'saved';
  return writeWizard(false) && writeSelections() ? 'saved-without-photos' : 'failed';
}

/** Removes the three stores: after "Delete my data" the browser keeps nothing, not even an empty wizard. */
export function forgetSelections(storage: KeyValueStorage): void {
  for (const key of [...Object.values(STORAGE_KEYS), STORAGE_OWNER_KEY, SHARE_ADDRESSES_KEY])
    storage.removeItem(key);
}
