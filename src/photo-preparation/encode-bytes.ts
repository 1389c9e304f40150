/** Base64 of bytes, in chunks: spreading megabytes into one `fromCharCode` call overflows the stack. */
export function base64Of(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The SHA-256 of bytes as hex. `crypto.subtle` exists only in secure contexts; elsewhere (a plain-http LAN
 * host in development) a 64-bit FNV-1a stands in: the key only has to tell this visitor's photos apart.
 */
export async function contentKeyOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  if (globalThis.crypto?.subtle) return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return `fnv1a-${hash.toString(16).padStart(16, '0')}`;
}
