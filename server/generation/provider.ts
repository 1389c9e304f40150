// What a generation provider is: something that turns the user's normalised photo (and, for a kitchen, the
// configuration resolved against the catalogue) into one image. The job runner owns everything around it (the database, the
// quota, storing the result, stages it can see itself); a provider only makes pictures.
//
// Adding one (openai, replicate, comfyui, ...): write a `GenerationProviderFactory` in its own file and add it to
// `provider-registry.ts` under its name; `GENERATION_PROVIDER=<name>` then selects it. Contract for providers:
// - honour `context.signal`: abort any request or work when it fires (cancel, shutdown, the runner's time limit);
//   tell the service to stop its own job too, unless `isHandedBack(signal)`: then another runner resumes it;
// - when the service keeps a job of its own (a prediction, a queued prompt), `context.saveReference` it as soon
//   as its id is known, and on a retry (`context.reference` set) re-attach to it instead of paying again;
// - call `context.reportStage('rendering')` when the real work starts and `'finishing'` when the picture is being
//   fetched or encoded (the runner sets `preparing` before calling, and `finishing` after, if not reported);
// - throw `GenerationFailure` with a message for the user when the cause is worth telling (a refusal; an outage
//   comes as outbound/http-client's ServiceFailure, its base class); any other error reaches the user as a
//   generic message and is logged in full;
// - answer JPEG, PNG or WebP bytes: the runner checks they decode before storing them.

import type { PhotoLook } from '../../recolour/looks';
import type { SurfaceMasks } from '../../recolour/surface-masks';
import type { Config } from '../config';
import { ServiceFailure } from '../outbound/service-failure';
import type { ResolvedConfiguration } from './configuration';
import type { AnswerFit } from './picture-work/fit-answer';

/** An image handed to or returned by a provider. */
export interface ProviderImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface EmptyRoomRequest {
  /** The user's photo as stored by `validate_image_content`: auto-oriented, metadata stripped, at most 2048 px. */
  photo: ProviderImage;
}

/**
 * The job's configuration as the runner resolved it (`resolveConfiguration`): the catalogue entries behind the
 * chosen ids (door style, handles, finish and colour; material, colour and finish), the layout, the island, and
 * every choice in words, of which those of steps the server has no look for (`otherChoicesOf`) are named in
 * words (D40); and the photo to draw it into.
 */
export interface KitchenRequest extends ResolvedConfiguration {
  photo: ProviderImage;
  /** The empty room made from the photo earlier, when the app has one; otherwise draw into `photo`. */
  emptyRoom: ProviderImage | null;
  /**
   * The surfaces the visitor marked on `photo` (at its exact size), or null when they marked none. With masks,
   * only they may change: the offline provider recolours inside them, a photoreal one inpaints inside them and
   * its picture is pasted back through them (`context.photos`), so the rest stays the photo's own.
   */
  masks: SurfaceMasks | null;
  /**
   * Which variation this job asks for (a seed, from the job's id): asking again makes a new picture where the
   * service takes a seed; an offline result does not depend on it.
   */
  variation: number;
}

/** The stages a provider reports; `preparing` is the runner's own, before it calls the provider. */
export type ProviderStage = 'rendering' | 'finishing';

/** A provider's own job (e.g. `{ predictionId }`), stored on our job as JSON; each provider checks its shape. */
export type ProviderReference = { readonly [key: string]: string };

export interface ProviderContext {
  /** Aborted on cancel, on shutdown and at the runner's time limit. */
  signal: AbortSignal;
  /** Records the job's stage; resolves once it is stored, so the app's next poll sees it. */
  reportStage(stage: ProviderStage): Promise<void>;
  /** What an earlier attempt at this job saved; null on a first attempt or when nothing was saved. */
  reference: ProviderReference | null;
  /** Stores the service's own job on ours at once, so a retry after a crash re-attaches to it. */
  saveReference(reference: ProviderReference): Promise<void>;
  /** Pixel work on the photo (the offline recolour, pasting a picture back through the masks), off this thread. */
  photos: PhotoWork;
}

/**
 * The pixel work on the visitor's photo that a provider asks of the server: the offline recolour, a photoreal
 * answer checked and made the photo's shape, and pasting it back through the masks. The job runner has it done in
 * a picture thread (photo/photo-work.ts, `photoWorkIn`); `photoWorkHere` does it on the calling thread.
 */
export interface PhotoWork {
  /** The photo with its marked surfaces in `look` (the offline result). */
  recolour(photo: ProviderImage, masks: SurfaceMasks, look: PhotoLook): Promise<ProviderImage>;
  /**
   * A service's answer, checked against the pixel cap before it is decoded, in the photo's shape (fit-answer.ts);
   * `ImageRejectedError` for what is not a picture or is too large.
   */
  fitAnswer(answer: Buffer, fit: AnswerFit): Promise<ProviderImage>;
  /** The photo with `picture`'s pixels inside the marked surfaces and its own everywhere else. */
  pasteBack(photo: ProviderImage, picture: ProviderImage, masks: SurfaceMasks): Promise<ProviderImage>;
}

/**
 * The abort reason when the job is handed to another runner (shutdown, or a lease lost): the service's own job
 * must go on, since the next runner re-attaches to it.
 */
export class JobHandedBack extends Error {
  override name = 'JobHandedBack';
}

/** True when the work stopped only to be resumed elsewhere: do not cancel the service's own job. */
export const isHandedBack = (signal: AbortSignal): boolean => signal.reason instanceof JobHandedBack;

export interface GenerationProvider {
  /** Stored with each job and shown to the user (`local` is an offline concept render). */
  readonly name: string;
  /**
   * Whether each call costs money: a paid call (the empty room too) is claimed against the user, their network
   * and the daily budget. Absent means paid, so a new adapter is never free by omission; `local` says false.
   */
  readonly paid?: boolean;
  emptyRoom(request: EmptyRoomRequest, context: ProviderContext): Promise<ProviderImage>;
  kitchen(request: KitchenRequest, context: ProviderContext): Promise<ProviderImage>;
}

export const isPaid = (provider: GenerationProvider): boolean => provider.paid !== false;

/** Makes a provider from the server's configuration (keys, endpoints); may load its modules lazily. */
export type GenerationProviderFactory = (config: Config) => GenerationProvider | Promise<GenerationProvider>;

/** A generation's own failure whose message is written for the user (a remote service's is a ServiceFailure). */
export class GenerationFailure extends ServiceFailure {
  override name = 'GenerationFailure';
}
