// What a generation provider is: something that turns the user's normalised photo (and, for a kitchen, the
// resolved catalogue choices) into one image. The job runner owns everything around it (the database, the
// quota, storing the result, stages it can see itself); a provider only makes pictures.
//
// Adding one (openai, replicate, comfyui, ...): write a `GenerationProviderFactory` in its own file and add it to
// `provider-registry.ts` under its name; `GENERATION_PROVIDER=<name>` then selects it. Contract for providers:
// - honour `context.signal`: abort any request or work when it fires (cancel, shutdown, the runner's time limit);
// - call `context.reportStage('rendering')` when the real work starts and `'finishing'` when the picture is being
//   fetched or encoded (the runner sets `preparing` before calling, and `finishing` after, if not reported);
// - throw `GenerationFailure` with a message for the user when the cause is worth telling (a refusal, a
//   provider outage); any other error reaches the user as a generic message and is logged in full;
// - answer JPEG, PNG or WebP bytes: the runner checks they decode before storing them.
import type { KitchenLayoutId } from '../../contract/layouts';
import type { FrontalPreviewEntry, WorktopPreviewEntry } from '../catalogue/catalogue';
import type { Config } from '../config';

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

export interface KitchenRequest {
  photo: ProviderImage;
  /** The empty room made from the photo earlier, when the app has one; otherwise draw into `photo`. */
  emptyRoom: ProviderImage | null;
  /** The catalogue entries behind the chosen ids: door style, handles, finish and colour; material and colour. */
  frontal: FrontalPreviewEntry;
  worktop: WorktopPreviewEntry;
  layout: KitchenLayoutId;
  hasIsland: boolean;
}

/** The stages a provider reports; `preparing` is the runner's own, before it calls the provider. */
export type ProviderStage = 'rendering' | 'finishing';

export interface ProviderContext {
  /** Aborted on cancel, on shutdown and at the runner's time limit. */
  signal: AbortSignal;
  /** Records the job's stage; resolves once it is stored, so the app's next poll sees it. */
  reportStage(stage: ProviderStage): Promise<void>;
}

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

/** A failure whose message is written for the user and may be shown as it is. */
export class GenerationFailure extends Error {
  override name = 'GenerationFailure';
}
