// The streaming zip writer, read back by Python's zipfile: names (UTF-8 included), bytes and CRCs survive,
// an entry streamed in many chunks equals its bytes, and an empty zip is still a zip.
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipStream } from '../../../server/my-data/zip-writer';
import { readZip } from '../../support/read-zip';

const modified = new Date('2026-11-23T10:20:30Z');

async function* inChunks(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const zipOf = (entries: ZipEntry[]) => buffer(zipStream(entries));

describe('zipStream', () => {
  it('writes stored entries that an independent reader verifies and reads back byte for byte', async () => {
    const large = randomBytes(300_000);
    const zip = await zipOf([
      { name: 'kitchen-data.json', modified, data: Buffer.from('{"a":1}') },
      { name: 'photos/küche-ñ.jpg', modified, data: inChunks(large, 65_536) },
      { name: 'results/empty.bin', modified, data: new Uint8Array(0) },
    ]);
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      'kitchen-data.json',
      'photos/küche-ñ.jpg',
      'results/empty.bin',
    ]);
    expect(entries.every((entry) => entry.method === 0)).toBe(true);
    expect(entries[0]?.data.toString()).toBe('{"a":1}');
    expect(entries[1]?.data.equals(large)).toBe(true);
    expect(entries[2]?.data.length).toBe(0);
  });

  it('writes an empty zip', async () => {
    expect(readZip(await zipOf([]))).toEqual([]);
  });

  it('reads each entry only when its turn comes', async () => {
    const opened: string[] = [];
    async function* lazy(name: string): AsyncIterable<Uint8Array> {
      opened.push(name);
      yield Buffer.from(name);
    }
    const chunks = zipStream([
      { name: 'a', modified, data: lazy('a') },
      { name: 'b', modified, data: lazy('b') },
    ]);
    await chunks.next(); // a's header
    expect(opened).toEqual([]);
    await chunks.next(); // a's bytes
    expect(opened).toEqual(['a']);
    await chunks.return(undefined);
  });
});
