import sharp from 'sharp';
import { swatchSvg } from '../../swatches/swatch-svg';
import { BoundedCache } from './bounded-cache';
import type { Catalogue } from './catalogue';
import { type PreparedBody, prepareBody } from './http-cache';

// Swatches are rendered on first request (SVG to WebP with sharp) and kept in a bounded in-memory cache:
// a few thousand exist, each about 1 to 15 KB, and most are never asked for.

export interface SwatchStore {
  /** The WebP swatch for an id, or undefined when the catalogue has no such swatch. */
  get(swatchId: string): Promise<PreparedBody | undefined>;
}

export async function renderSwatch(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82, effort: 4 }).toBuffer();
}

const MAX_RENDERED = 512;

export function createSwatchStore(catalogue: Catalogue): SwatchStore {
  const rendered = new BoundedCache<string, PreparedBody>(MAX_RENDERED);
  // Concurrent first requests for one swatch share a single render.
  const inFlight = new Map<string, Promise<PreparedBody>>();

  return {
    async get(swatchId) {
      const spec = catalogue.swatchById.get(swatchId);
      if (spec === undefined) return undefined;
      const cached = rendered.get(swatchId);
      if (cached) return cached;
      let pending = inFlight.get(swatchId);
      if (!pending) {
        pending = renderSwatch(swatchSvg(spec, swatchId))
          .then((bytes) => {
            const prepared = prepareBody(bytes);
            rendered.set(swatchId, prepared);
            return prepared;
          })
          .finally(() => inFlight.delete(swatchId));
        inFlight.set(swatchId, pending);
      }
      return pending;
    },
  };
}
