// What every adapter test needs: a (made) kitchen photo normalised as validate_image_content stores it, real
// catalogue choices, a provider context that records its stages, and checks on the pictures that come back.
import sharp from 'sharp';
import { expect } from 'vitest';
import { catalogue } from '../../../server/catalogue/catalogue';
import { photoWorkHere } from '../../../server/generation/picture-work/photo-work';
import type {
  KitchenRequest,
  ProviderContext,
  ProviderImage,
  ProviderReference,
  ProviderStage,
} from '../../../server/generation/provider';
import { normaliseImage } from '../../../server/images/normalise-image';
import { kitchenPhoto } from '../../../tooling/made-images';
import { resolvedConfiguration } from '../../support/resolved-choices';

/** The photo exactly as `validate_image_content` stores it: put through the server's own intake pipeline. */
export async function storedPhoto(photo?: Buffer): Promise<ProviderImage> {
  const { bytes, contentType, width, height } = await normaliseImage(photo ?? (await kitchenPhoto()));
  return { bytes, contentType, width, height };
}

const entries = <T>(map: ReadonlyMap<string, T>): T[] => [...map.values()];

/** A handled, veined-worktop kitchen with an island: the choices with the most to say. */
export function kitchenRequest(photo: ProviderImage): KitchenRequest {
  const frontal = entries(catalogue.frontalPreviewById).find((entry) => !entry.isHandleless);
  const worktop = entries(catalogue.worktopPreviewById).find((entry) => entry.accentHex);
  if (!frontal || !worktop) throw new Error('the catalogue lacks the test choices');
  return {
    photo,
    emptyRoom: null,
    ...resolvedConfiguration({
      frontalId: frontal.id,
      worktopId: worktop.id,
      shape: 'l-shaped',
      hasIsland: true,
    }),
    masks: null,
    variation: 7,
  };
}

export interface RecordingContext extends ProviderContext {
  stages: ProviderStage[];
  /** What the provider saved with `saveReference`, in order. */
  saved: ProviderReference[];
  controller: AbortController;
}

/** A context for a first attempt, or for a retry of a job whose earlier attempt saved `reference`. */
export function recordingContext(reference: ProviderReference | null = null): RecordingContext {
  const controller = new AbortController();
  const stages: ProviderStage[] = [];
  const saved: ProviderReference[] = [];
  return {
    signal: controller.signal,
    controller,
    stages,
    saved,
    reference,
    async reportStage(stage) {
      stages.push(stage);
    },
    async saveReference(next) {
      saved.push(next);
    },
    // The real pixel work, on this thread: the runner does the same in its picture pool.
    photos: photoWorkHere,
  };
}

/** The picture decodes and has the photo's aspect ratio (to within rounding). */
export async function expectPhotoShaped(image: ProviderImage, photo: ProviderImage): Promise<void> {
  const metadata = await sharp(image.bytes).metadata();
  expect(metadata.format).toBe('jpeg');
  expect({ width: metadata.width, height: metadata.height }).toEqual({
    width: image.width,
    height: image.height,
  });
  expect(image.width / image.height).toBeCloseTo(photo.width / photo.height, 2);
}

/** Resolves once the fake has seen `count` requests to `path`, for aborting at a known moment. */
export async function requestsArrived(count: () => number, wanted = 1): Promise<void> {
  await expect.poll(count, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(wanted);
}
