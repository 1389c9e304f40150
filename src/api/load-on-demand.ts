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
  /** What the load gave, once it has finished: lets a render use it at once instead of waiting a tick. */
  loaded(): T | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let loading: Promise<T> | undefined;
  let value: { of: T } | undefined;
  return {
    get: () => {
      // A load that failed (its chunk out of reach) is tried again on the next call, not remembered.
      loading ??= loadOnDemand(load).then(
        (loaded) => {
          value = { of: loaded };
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    started: () => loading,
    loaded: () => value?.of,
  };
}
