// The addresses of the visitor's live share links, kept in this browser (issue 25): the server keeps only a hash
// of each token (D37), so an address is answered once, when made; kept here, the link stays visible and
// copyable after a reload. Forgotten with its link (revoked), and with the other stores (sign-out, deletion).
// No zod: the first load clears these stores and stays free of it (D41).
import type { KeyValueStorage } from './key-value-storage';

export const SHARE_ADDRESSES_KEY = 'share-links';

type Addresses = Record<string, string>;

function read(storage: KeyValueStorage): Addresses {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SHARE_ADDRESSES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    // Only string addresses under string ids: anything else in the store is dropped, never shown.
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function write(storage: KeyValueStorage, addresses: Addresses): void {
  try {
    if (Object.keys(addresses).length === 0) storage.removeItem(SHARE_ADDRESSES_KEY);
    else storage.setItem(SHARE_ADDRESSES_KEY, JSON.stringify(addresses));
  } catch {
    // Storage that is full or refused: the link is still shown until the page is left.
  }
}

export const shareAddressOf = (storage: KeyValueStorage, shareId: string): string | undefined =>
  read(storage)[shareId];

export function rememberShareAddress(storage: KeyValueStorage, shareId: string, url: string): void {
  write(storage, { ...read(storage), [shareId]: url });
}

export function forgetShareAddress(storage: KeyValueStorage, shareId: string): void {
  const { [shareId]: _forgotten, ...rest } = read(storage);
  write(storage, rest);
}
