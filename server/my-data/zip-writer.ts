// A streaming zip writer: stored (uncompressed) entries, since the images are already compressed and the JSON is
// small. Each entry's CRC and size follow its data in a data descriptor, so an entry is written as its bytes
// arrive and nothing is held whole. No ZIP64: an export past 4 GiB or 65,535 entries is refused, which the
// per-user storage cap keeps far away.
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the zip, `/`-separated, UTF-8. */
  name: string;
  modified: Date;
  data: Uint8Array | AsyncIterable<Uint8Array>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const STORED = 0;
/** 2.0: data descriptors. */
const VERSION = 20;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

interface Written {
  name: Buffer;
  dosTime: number;
  dosDate: number;
  crc: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time (local fields, two-second resolution), clamped to the format's 1980 start. */
function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.max(date.getUTCFullYear(), 1980);
  return {
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * The fields a local header (from offset 4) and a central header (from offset 6) share, in the same order:
 * version needed, flags, method, time, date, CRC, sizes, name length. A local header leaves CRC and sizes zero:
 * they follow the data in its descriptor.
 */
function writeSharedFields(header: Buffer, at: number, entry: Omit<Written, 'offset'>): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(FLAGS, at + 2);
  header.writeUInt16LE(STORED, at + 4);
  header.writeUInt16LE(entry.dosTime, at + 6);
  header.writeUInt16LE(entry.dosDate, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.size, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

function localHeader(name: Buffer, dosTime: number, dosDate: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  writeSharedFields(header, 4, { name, dosTime, dosDate, crc: 0, size: 0 });
  return Buffer.concat([header, name]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4); // version made by
  writeSharedFields(header, 6, entry);
  // Extra field, comment, disk number, internal attributes: none.
  header.writeUInt32LE(0o100644 * 0x10000, 38); // external attributes: a regular file, rw-r--r-- (Unix)
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

async function* chunksOf(data: ZipEntry['data']): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

function checkedOffset(offset: number): number {
  if (offset > MAX_32) throw new RangeError('The zip would pass 4 GiB, which needs ZIP64.');
  return offset;
}

/** The zip of `entries`, chunk by chunk, reading each entry's data only when its turn comes. */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (written.length === MAX_ENTRIES) throw new RangeError('A zip without ZIP64 holds 65,535 entries.');
    const name = Buffer.from(entry.name, 'utf8');
    const { dosTime, dosDate } = dosDateTime(entry.modified);
    const header = localHeader(name, dosTime, dosDate);
    const start = checkedOffset(offset);
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of chunksOf(entry.data)) {
      crc = crc32(chunk, crc);
      size += chunk.byteLength;
      checkedOffset(offset + size);
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += size + descriptor.length;
    written.push({ name, dosTime, dosDate, crc, size, offset: start });
  }
  const directoryStart = checkedOffset(offset);
  let directorySize = 0;
  for (const entry of written) {
    const header = centralHeader(entry);
    directorySize += header.length;
    yield header;
  }
  checkedOffset(directoryStart + directorySize);
  yield endOfCentralDirectory(written.length, directorySize, directoryStart);
}
