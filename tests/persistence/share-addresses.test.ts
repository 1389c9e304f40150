// The share links' addresses this browser keeps (issue 25): read back after a reload, forgotten with their link
// and with the other stores, and anything unreadable in the store reads as nothing, never as a link.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSelections, forgetSelections } from '../../src/persistence/kitchen-storage';
import {
  forgetShareAddress,
  rememberShareAddress,
  SHARE_ADDRESSES_KEY,
  shareAddressOf,
} from '../../src/persistence/share-addresses';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
};

describe('share addresses', () => {
  let storage: ReturnType<typeof memory>;
  beforeEach(() => {
    storage = memory();
  });

  it('are kept per link and forgotten with it; the store goes when the last is forgotten', () => {
    rememberShareAddress(storage, 'a', 'https://kitchens.example/share/aaa');
    rememberShareAddress(storage, 'b', 'https://kitchens.example/share/bbb');
    expect(shareAddressOf(storage, 'a')).toBe('https://kitchens.example/share/aaa');
    forgetShareAddress(storage, 'a');
    expect(shareAddressOf(storage, 'a')).toBeUndefined();
    expect(shareAddressOf(storage, 'b')).toBe('https://kitchens.example/share/bbb');
    forgetShareAddress(storage, 'b');
    expect(storage.items.has(SHARE_ADDRESSES_KEY)).toBe(false);
  });

  it('read nothing from a store that is not JSON, not an object, or holds something else than addresses', () => {
    for (const stored of ['{not json', '[1,2]', '"text"', 'null']) {
      storage.setItem(SHARE_ADDRESSES_KEY, stored);
      expect(shareAddressOf(storage, '0')).toBeUndefined();
    }
    storage.setItem(SHARE_ADDRESSES_KEY, JSON.stringify({ a: 42, b: 'https://kitchens.example/share/bbb' }));
    expect(shareAddressOf(storage, 'a')).toBeUndefined();
    expect(shareAddressOf(storage, 'b')).toBe('https://kitchens.example/share/bbb');
  });

  it('go with the other stores when signing out and when the data is deleted', () => {
    for (const forget of [clearSelections, forgetSelections]) {
      rememberShareAddress(storage, 'a', 'https://kitchens.example/share/aaa');
      forget(storage);
      expect(storage.items.has(SHARE_ADDRESSES_KEY)).toBe(false);
    }
  });
});
