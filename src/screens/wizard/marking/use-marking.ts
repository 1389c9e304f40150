// The marking tool's link to its worker: opens the photo, sends the marks in effect whenever they change (the
// client keeps only the newest waiting), and holds the overlay that came back.
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { dataUrlToBlob } from '../../../api/images';
import type { SurfaceMaskFiles } from '../../../api/surface-masks';
import type { Mark } from '../../../marking/brushes';
import type { FoundObject } from '../../../marking/keep-seeds';
import { createMarkingClient, type MarkingClient, type OpenedPhoto } from '../../../marking/marking-client';
import type { MarkedOverlay } from '../../../marking/marking-messages';
import {
  EMPTY_HISTORY,
  type MarksAction,
  type MarksHistory,
  marksInEffect,
  marksReducer,
} from './marks-history';

export type MarkingStatus =
  | { readonly state: 'opening' }
  | { readonly state: 'ready'; readonly photo: OpenedPhoto }
  | { readonly state: 'failed'; readonly message: string };

export interface MarkingTool {
  readonly status: MarkingStatus;
  readonly history: MarksHistory;
  readonly dispatch: (action: MarksAction) => void;
  readonly overlay: MarkedOverlay | undefined;
  /** The look-alikes on offer were turned down: hidden until the next mark. */
  readonly dismissOffer: () => void;
  readonly offerDismissed: boolean;
  /** The number of the marks in effect; the overlay carries the number it was grown from. */
  readonly version: number;
  /** The masks at the photo's own size, for upload. */
  readonly masks: () => Promise<SurfaceMaskFiles>;
}

/**
 * `objects` are what the photo check located (a fridge, a chair): read when the photo opens, so a check that
 * arrives later waits for the next photo rather than regrowing every mark.
 */
export function useMarking(
  photoDataUrl: string,
  objects: readonly FoundObject[] = [],
  /** The photo's saved marks, opened again (read with the photo, as the objects are). */
  savedMarks: readonly Mark[] = [],
): MarkingTool {
  const openedWith = useRef({ objects, savedMarks });
  openedWith.current = { objects, savedMarks };
  const client = useRef<MarkingClient | null>(null);
  const [status, setStatus] = useState<MarkingStatus>({ state: 'opening' });
  const [history, dispatch] = useReducer(marksReducer, EMPTY_HISTORY);
  const [overlay, setOverlay] = useState<MarkedOverlay>();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  useEffect(() => {
    const opened = createMarkingClient();
    client.current = opened;
    setStatus({ state: 'opening' });
    setOverlay(undefined);
    dispatch({ type: 'restored', marks: openedWith.current.savedMarks });
    let live = true;
    opened.open(dataUrlToBlob(photoDataUrl), openedWith.current.objects).then(
      (photo) => live && setStatus({ state: 'ready', photo }),
      (error: unknown) =>
        live &&
        setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      opened.close();
      client.current = null;
    };
  }, [photoDataUrl]);

  const marks = useMemo(() => marksInEffect(history), [history]);
  const offerDismissed = dismissedAt === history.marks.length;
  // Each change of the marks or of the offer is a new request, numbered so its overlay can be recognised.
  const version = history.version * 2 + Number(offerDismissed);
  const ready = status.state === 'ready';
  useEffect(() => {
    const current = client.current;
    if (!ready || !current) return;
    // Every overlay that comes back is shown, even when newer marks are on their way: during a swipe the
    // overlay then follows the finger a growth behind, instead of waiting for the finger to lift.
    current
      .mark(marks, { offerLookAlikes: !offerDismissed, version })
      .then((next) => client.current === current && next && setOverlay(next))
      .catch((error: unknown) => {
        if (client.current === current)
          setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
  }, [ready, marks, offerDismissed, version]);

  return {
    status,
    history,
    dispatch,
    overlay,
    offerDismissed,
    version,
    dismissOffer: () => setDismissedAt(history.marks.length),
    masks: async () => {
      if (!client.current || status.state !== 'ready') return {};
      return client.current.masks(status.photo.photoWidth, status.photo.photoHeight);
    },
  };
}
