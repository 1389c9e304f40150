import type { SaveOutcome } from '../persistence/kitchen-storage';

/** The outcome of the last save, as a tiny external store React can subscribe to. */
export interface SaveStatus {
  current: () => SaveOutcome | null;
  subscribe: (listener: () => void) => () => void;
  set: (outcome: SaveOutcome) => void;
}

export function createSaveStatus(): SaveStatus {
  let outcome: SaveOutcome | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => outcome,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      if (next === outcome) return;
      outcome = next;
      for (const listener of listeners) listener();
    },
  };
}
