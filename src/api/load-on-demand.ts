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
