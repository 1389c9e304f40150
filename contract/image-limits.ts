// Plain constants, no zod: the app's photo worker imports them without pulling the schemas of contract/images.ts.

/** Limits the server enforces on an uploaded photo (DESIGN D8); the app downscales to `maxLongSide` first. */
export const imageLimits = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 50_000_000,
  maxLongSide: 2048,
} as const;
