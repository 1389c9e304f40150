// What the moderation thread works out for one photo: the nsfw model's scores and, when its detector loaded, the
// kitchen check (D45). The two run side by side rather than one after the other: each decodes and resizes its
// own input with sharp, off this thread, so the detector's decode (about 20 ms at 2048 px) happens while the nsfw
// model runs instead of after it. The models themselves still take turns on this thread's WASM backend.
import type { KitchenCheck } from '../../contract/images';
import { detectorReady, locateObjects } from './coco-detector';
import { KITCHEN_OBJECT_MIN_SCORE, locatedKitchenCheckOf } from './kitchen-check';
import { modelReady, scoreImage } from './nsfw-moderator';

export interface PhotoScores {
  scores: Record<string, number>;
  /** Absent when the detector could not be loaded: the check is a soft extra, moderation goes on without it. */
  kitchenCheck?: KitchenCheck;
}

export interface PhotoScorer {
  /** Settles once the nsfw model can score (and the detector has loaded or failed to); rejects without the model. */
  ready: Promise<void>;
  score(bytes: Uint8Array): Promise<PhotoScores>;
}

export function createPhotoScorer(): PhotoScorer {
  const detecting = detectorReady().then(
    () => true,
    () => false,
  );
  const kitchenCheck = async (bytes: Uint8Array) =>
    (await detecting)
      ? locatedKitchenCheckOf(await locateObjects(bytes, KITCHEN_OBJECT_MIN_SCORE))
      : undefined;
  return {
    ready: Promise.all([modelReady(), detecting]).then(() => undefined),
    async score(bytes) {
      const [scores, check] = await Promise.all([scoreImage({ bytes }), kitchenCheck(bytes)]);
      return { scores, ...(check ? { kitchenCheck: check } : {}) };
    },
  };
}
