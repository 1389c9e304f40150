import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskImageStore } from '../../../server/images/disk-image-store';
import type { ImageStore } from '../../../server/images/image-store';

const meta = { contentType: 'image/jpeg', width: 4, height: 3 };
let directory: string;
let store: ImageStore;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'image-store-'));
  store = createDiskImageStore(directory);
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe('the disk image store', () => {
  it('gives back what was put, under a random uuid, to its owner', async () => {
    const bytes = Buffer.from('image bytes');
    const id = await store.put(7, bytes, meta);
    const other = await store.put(7, bytes, meta);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(other).not.toBe(id);
    expect(await store.get(7, id)).toEqual({ id, ...meta, bytes });
  });

  it("reads another user's image as not found, and does not let them delete it", async () => {
    const id = await store.put(7, Buffer.from('mine'), meta);
    expect(await store.get(8, id)).toBeUndefined();
    expect(await store.delete(8, id)).toBe(false);
    expect(await store.get(7, id)).toBeDefined();
  });

  it.each([
    '../7/x',
    '..',
    '',
    'not-a-uuid',
    '00000000-0000-4000-8000-00000000000G',
    `../../${'a'.repeat(36)}`,
  ])('treats the malformed id %j as not found', async (id) => {
    await store.put(7, Buffer.from('mine'), meta);
    expect(await store.get(7, id)).toBeUndefined();
    expect(await store.delete(7, id)).toBe(false);
  });

  it('tells whether an image exists for its owner, without reading it', async () => {
    const id = await store.put(7, Buffer.from('mine'), meta);
    expect(await store.has(7, id)).toBe(true);
    expect(await store.has(8, id)).toBe(false);
    expect(await store.has(7, '../7/x')).toBe(false);
    expect(await store.has(7, '00000000-0000-4000-8000-000000000000')).toBe(false);
    await store.delete(7, id);
    expect(await store.has(7, id)).toBe(false);
  });

  it('deletes an image for good', async () => {
    const id = await store.put(7, Buffer.from('mine'), meta);
    expect(await store.delete(7, id)).toBe(true);
    expect(await store.get(7, id)).toBeUndefined();
    expect(await store.delete(7, id)).toBe(false);
  });

  it('leaves no temporary files behind', async () => {
    await Promise.all([1, 2, 3].map((n) => store.put(7, Buffer.alloc(1000, n), meta)));
    const names = await readdir(path.join(directory, '7'));
    expect(names).toHaveLength(6);
    expect(names.every((name) => /^[0-9a-f-]{36}\.(img|json)$/.test(name))).toBe(true);
  });

  it('refuses an invalid owner id', async () => {
    await expect(store.put(0, Buffer.from('x'), meta)).rejects.toThrow(TypeError);
    await expect(store.put(1.5, Buffer.from('x'), meta)).rejects.toThrow(TypeError);
  });
});
