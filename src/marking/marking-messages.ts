// What the page and the marking worker say to each other. Every request carries an id its reply repeats.
import type { MarkedSurface } from '../../contract/surface-masks';
import type { Brush, Mark } from './brushes';
import type { FoundObject } from './keep-seeds';

export type MarkingRequest =
  /** Start marking a photo: decoded and scaled to the working size in the worker. */
  | {
      readonly type: 'open';
      readonly id: number;
      readonly photo: Blob;
      /** What the photo check located, kept the photo's own unless a stroke crosses it. */
      readonly objects: readonly FoundObject[];
    }
  /** Grow the surfaces from every mark so far (the whole list: undo is a shorter list). */
  | {
      readonly type: 'mark';
      readonly id: number;
      readonly marks: readonly Mark[];
      /** Whether to find and stripe the look-alikes (not after the visitor turned them down). */
      readonly offerLookAlikes: boolean;
      /** The page's number for this list of marks, echoed with its overlay. */
      readonly version: number;
    }
  /** The masks of the last marking, as grey PNGs at `width` × `height` (the stored photo's size). */
  | { readonly type: 'masks'; readonly id: number; readonly width: number; readonly height: number };

export interface MarkedOverlay {
  readonly width: number;
  readonly height: number;
  /** The overlay's RGBA bytes at the working size (transferred, not copied). */
  readonly rgba: Uint8ClampedArray<ArrayBuffer>;
  /** The look-alike areas on offer: accepting them is a `regions` mark of `brush`. */
  readonly offer: {
    readonly brush: Brush | undefined;
    readonly regions: readonly number[];
    readonly areas: number;
  };
  readonly coverage: Readonly<Record<MarkedSurface, number>>;
  /** How many marks it was grown from. */
  readonly markCount: number;
  /** The page's number for the list of marks it was grown from: an overlay caught up when it is the newest. */
  readonly version: number;
}

export type MarkingReply =
  | {
      readonly type: 'opened';
      readonly id: number;
      /** The working size, which the overlay has. */
      readonly width: number;
      readonly height: number;
      /** The photo's own size, which the uploaded masks have (the stored photo's: intake keeps the size). */
      readonly photoWidth: number;
      readonly photoHeight: number;
    }
  | ({ readonly type: 'marked'; readonly id: number } & MarkedOverlay)
  | {
      readonly type: 'masks';
      readonly id: number;
      /** A PNG per surface that covers any pixel; an unmarked surface is absent. */
      readonly masks: Partial<Record<MarkedSurface, Blob>>;
    }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
