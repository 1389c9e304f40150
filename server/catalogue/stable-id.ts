import { createHash } from 'node:crypto';

// Catalogue ids are name-based UUIDs (RFC 9562 version 5: SHA-1 over a namespace and a name), so an id
// derived from a catalogue path such as `frontals/Shaker/false/Matt/Greens/Sage` is the same on every
// server and every build: designs persisted in a browser keep pointing at the same front or worktop.

/** Fixed namespace of this catalogue. Changing it changes every id, so it never changes. */
const CATALOGUE_NAMESPACE = '8817de6e-4bfc-4bab-8c81-ab079a81d572';

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function nameBasedUuid(name: string, namespace: string = CATALOGUE_NAMESPACE): string {
  const digest = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50; // version 5
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  return formatUuid(bytes);
}

/** The id of a catalogue entry from its path segments, e.g. `catalogueId('worktops', 'Quartz', ...)`. */
export function catalogueId(...segments: (string | boolean)[]): string {
  return nameBasedUuid(segments.map(String).join('/'));
}
