// Swatches are drawn from a pseudo-random sequence seeded by the swatch's id, never Math.random, so the same
// swatch renders to the same bytes on every server and the immutable HTTP cache stays truthful.

/** 32-bit FNV-1a hash of a string: a compact, well-spread seed. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  integer(min: number, max: number): number;
}

/** Mulberry32: tiny, fast and good enough for texture noise. */
export function seededRandom(seed: string): SeededRandom {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    integer: (min, max) => min + Math.floor((max - min + 1) * next()),
  };
}

/** A whole-number seed for SVG's feTurbulence, taken from the same id. */
export function turbulenceSeed(seed: string): number {
  return hashSeed(seed) % 10_000;
}
