// What the page and the preview worker say to each other. Every request carries an id its reply repeats.
import type { MarkedSurface } from '../../contract/surface-masks';
import type { PartialLook } from '../../recolour/looks';
import type { WorktopTile } from '../../recolour/worktop-texture';

export type PreviewRequest =
  /**
   * Open a photo and its marked surfaces: decoded and scaled to the working size (at most `PREVIEW_LONG_SIDE`)
   * once, so that each choice only recolours.
   */
  | {
      readonly type: 'open';
      readonly id: number;
      readonly photo: Blob | ImageBitmap;
      /** Each marked surface as a grey PNG (any size: the stored photo's, as uploaded), or left out. */
      readonly masks: Partial<Record<MarkedSurface, Blob>>;
    }
  /**
   * The open photo in `look` (a surface left out stays the photo's); `tile` is the worktop's swatch drawn by the
   * page (preview-tile.ts), absent when the look has no worktop.
   */
  | {
      readonly type: 'recolour';
      readonly id: number;
      readonly look: PartialLook;
      readonly tile: WorktopTile | undefined;
    };

export type PreviewReply =
  | { readonly type: 'opened'; readonly id: number; readonly width: number; readonly height: number }
  | {
      readonly type: 'recoloured';
      readonly id: number;
      readonly width: number;
      readonly height: number;
      /** RGBA at the working size (transferred, not copied), ready for an ImageData. */
      readonly rgba: Uint8ClampedArray<ArrayBuffer>;
    }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/** The preview works on a copy this many pixels along its long side at most (issue 33). */
export const PREVIEW_LONG_SIDE = 1200;

/** The User Timing mark the page sets as each preview is painted (scripts/bench/live-preview.ts reads it). */
export const PREVIEW_PAINTED_MARK = 'kitchen-preview:painted';
