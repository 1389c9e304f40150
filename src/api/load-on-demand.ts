// Code the first screen does not need (zod and the contract's schemas, the server calls of later steps) is
// loaded when first used. A chunk that cannot be fetched is, for the user, the server being out of reach.
import { RequestFailedError } from './request-errors';

export async function loadOnDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    throw new RequestFailedError('network');
  }
}

/** Something loaded on demand once and kept for the page's life (the query cache, the photo worker). */
export interface LoadedOnce<T> {
  /** Loads it on the first call; the same one on every call after. */
  get(): Promise<T>;
  /** The load the first call started, if one did: lets a caller act on it without loading it. */
  started(): Promise<T> | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let loaded: Promise<T> | undefined;
  return {
    get: () => {
      // A load that failed (its chunk out of reach) is tried again on the next call, not remembered.
      loaded ??= loadOnDemand(load).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return loaded;
    },
    started: () => loaded,
  };
}
