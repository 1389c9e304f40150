// Replicate predictions (reference providers.md §2): an image-editing model (flux-kontext-pro by default) is
// asked with `Prefer: wait`, so a quick model answers in the same call; otherwise the prediction is polled until
// it ends. Outputs are deleted an hour later, so the picture is downloaded at once. The prediction's id is saved
// on the job as soon as it is known: a retry after a crash polls that prediction again instead of paying for a
// new one. A stopped job cancels its prediction, which stops the billing too, unless the job was only handed to
// another runner, which polls it on.
import { z } from 'zod';
import type { SurfaceMasks } from '../../../../recolour/surface-masks';
import { baseUrlEnv, type Env, optionalEnv, requiredEnv } from '../../../outbound/env-settings';
import {
  exchange,
  exchangeWithRetries,
  failureFor,
  type HttpAnswer,
  isSuccess,
  parseJson,
  pause,
  retryPolicy,
} from '../../../outbound/http-client';
import {
  GenerationFailure,
  type GenerationProvider,
  type GenerationProviderFactory,
  isHandedBack,
  type ProviderContext,
  type ProviderImage,
} from '../../provider';
import { shapedAnswer } from '../aspect';
import { keepTheRoom, kitchenCanvas, whiteToEditMask } from '../inpaint-mask';
import { PROVIDER_MESSAGES } from '../messages';
import { emptyRoomPrompt, kitchenPrompt } from '../prompt';

export const REPLICATE_PROVIDER_NAME = 'replicate';

export interface ReplicateSettings {
  apiToken: string;
  /** `https://api.replicate.com/v1`. */
  baseUrl: string;
  /** `owner/name` of an official model, or `owner/name:version`; it must take flux-kontext's inputs. */
  model: string;
  /**
   * The inpainting model for photos with marked surfaces, named the same way; it must take flux-fill's inputs
   * (`image`, `mask` white = paint, `prompt`, `seed`, `output_format`).
   */
  fillModel: string;
  /** The create call holds up to 60 s with `Prefer: wait`, so its limit is longer. */
  createTimeoutMs: number;
  /** Each poll and the download. */
  requestTimeoutMs: number;
  pollIntervalMs: number;
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

export const REPLICATE_DEFAULTS = {
  baseUrl: 'https://api.replicate.com/v1',
  model: 'black-forest-labs/flux-kontext-pro',
  fillModel: 'black-forest-labs/flux-fill-pro',
  createTimeoutMs: 75_000,
  requestTimeoutMs: 30_000,
  pollIntervalMs: 1_000,
  retries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
} as const satisfies Omit<ReplicateSettings, 'apiToken'>;

/** A model variable's value: `owner/name` or `owner/name:version`, else the start stops naming the variable. */
function modelEnv(env: Env, name: string, fallback: string): string {
  const model = optionalEnv(env, name) ?? fallback;
  if (!/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/.test(model)) {
    throw new Error(`${name} must be owner/name or owner/name:version (got "${model}").`);
  }
  return model;
}

/** `REPLICATE_API_TOKEN` (required), `REPLICATE_BASE_URL`, `REPLICATE_MODEL`, `REPLICATE_FILL_MODEL`. */
export function replicateSettingsFromEnv(env: Env = process.env): ReplicateSettings {
  return {
    ...REPLICATE_DEFAULTS,
    apiToken: requiredEnv(env, 'REPLICATE_API_TOKEN', REPLICATE_PROVIDER_NAME),
    baseUrl: baseUrlEnv(env, 'REPLICATE_BASE_URL', REPLICATE_DEFAULTS.baseUrl),
    model: modelEnv(env, 'REPLICATE_MODEL', REPLICATE_DEFAULTS.model),
    fillModel: modelEnv(env, 'REPLICATE_FILL_MODEL', REPLICATE_DEFAULTS.fillModel),
  };
}

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
});
type Prediction = z.infer<typeof predictionSchema>;

/** What an inpainting prediction adds: the marked surfaces, and the job's variation as the model's seed. */
interface Inpaint {
  masks: SurfaceMasks;
  seed: number;
}

const RUNNING: ReadonlySet<Prediction['status']> = new Set(['starting', 'processing']);

/** What a job stores of its prediction (ProviderContext.saveReference). */
const savedPredictionSchema = z.object({ predictionId: z.string().min(1) });

/** The model's output is one URI or a list of them (the last is the picture: earlier ones may be control maps). */
const outputSchema = z.union([z.url(), z.array(z.url()).min(1)]).transform((output) => {
  const url = Array.isArray(output) ? output[output.length - 1] : output;
  return url ?? '';
});

/** Model failures arrive as `status: "failed"` with a free-text error; these words mark a safety refusal. */
const REFUSAL_WORDS = /nsfw|sensitive|safety|moderat|flagged|inappropriate/i;

function endedFailure(prediction: Prediction): GenerationFailure {
  const error =
    typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? null);
  const cause = new Error(`Replicate prediction ${prediction.id} ${prediction.status}: ${error}`);
  if (prediction.status !== 'failed') return new GenerationFailure(PROVIDER_MESSAGES.stopped, { cause });
  const message = REFUSAL_WORDS.test(error) ? PROVIDER_MESSAGES.refused : PROVIDER_MESSAGES.failed;
  return new GenerationFailure(message, { cause });
}

export function createReplicateProvider(settings: ReplicateSettings): GenerationProvider {
  const auth = { authorization: `Bearer ${settings.apiToken}` };
  const retry = (retryable: (answer: HttpAnswer) => boolean) => retryPolicy(settings, retryable);
  // The clients retry 429 on every method and 5xx only on GET, where repeating cannot start a second prediction.
  const throttled = (answer: HttpAnswer) => answer.status === 429;
  const throttledOrOutage = (answer: HttpAnswer) => answer.status === 429 || answer.status >= 500;

  function createUrlAndBody(model: string, input: Record<string, unknown>): { url: string; body: unknown } {
    const [name, version] = model.split(':');
    return version
      ? { url: `${settings.baseUrl}/predictions`, body: { version, input } }
      : { url: `${settings.baseUrl}/models/${name}/predictions`, body: { input } };
  }

  const dataUrl = (contentType: string, bytes: Buffer) =>
    `data:${contentType};base64,${bytes.toString('base64')}`;

  /** flux-kontext edits the whole photo; with marked surfaces, flux-fill paints inside the mask only. */
  async function modelInput(photo: ProviderImage, prompt: string, inpaint: Inpaint | null) {
    // The most permissive value allowed with an input image (§2.2).
    const common = { prompt, output_format: 'png', safety_tolerance: 2 };
    if (!inpaint) {
      return createUrlAndBody(settings.model, {
        ...common,
        input_image: dataUrl(photo.contentType, photo.bytes),
        aspect_ratio: 'match_input_image',
      });
    }
    return createUrlAndBody(settings.fillModel, {
      ...common,
      image: dataUrl(photo.contentType, photo.bytes),
      // White = paint, black = keep (§2.2 flux-fill-pro), at the photo's size.
      mask: dataUrl('image/png', await whiteToEditMask(inpaint.masks)),
      seed: inpaint.seed,
    });
  }

  async function create(
    photo: ProviderImage,
    prompt: string,
    signal: AbortSignal,
    inpaint: Inpaint | null,
  ): Promise<Prediction> {
    const { url, body } = await modelInput(photo, prompt, inpaint);
    const answer = await exchangeWithRetries(
      url,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', prefer: 'wait' },
        body: JSON.stringify(body),
      },
      { signal, timeoutMs: settings.createTimeoutMs, retry: retry(throttled) },
    );
    if (!isSuccess(answer)) throw failureFor('Replicate', answer);
    return parseJson(answer, predictionSchema);
  }

  async function poll(id: string, signal: AbortSignal): Promise<Prediction> {
    const answer = await exchangeWithRetries(
      `${settings.baseUrl}/predictions/${encodeURIComponent(id)}`,
      { headers: auth },
      { signal, timeoutMs: settings.requestTimeoutMs, retry: retry(throttledOrOutage) },
    );
    if (!isSuccess(answer)) throw failureFor('Replicate', answer);
    return parseJson(answer, predictionSchema);
  }

  /** Best effort, after the job has stopped caring: its own short limit, since the job's signal may have fired. */
  function cancel(id: string): void {
    const url = `${settings.baseUrl}/predictions/${encodeURIComponent(id)}/cancel`;
    exchange(
      url,
      { method: 'POST', headers: auth },
      { signal: new AbortController().signal, timeoutMs: 5_000 },
    ).catch(() => {});
  }

  async function download(prediction: Prediction, signal: AbortSignal): Promise<Buffer> {
    const output = outputSchema.safeParse(prediction.output);
    if (!output.success) throw new GenerationFailure(PROVIDER_MESSAGES.unreadable, { cause: output.error });
    // The file host is not the API: the token is not sent there.
    const answer = await exchangeWithRetries(
      output.data,
      {},
      { signal, timeoutMs: settings.requestTimeoutMs, retry: retry(throttledOrOutage) },
    );
    if (!isSuccess(answer)) throw failureFor('Replicate file host', answer);
    return answer.body;
  }

  async function edit(
    photo: ProviderImage,
    prompt: string,
    context: ProviderContext,
    inpaint: Inpaint | null = null,
  ): Promise<ProviderImage> {
    const { signal } = context;
    await context.reportStage('rendering');
    const saved = savedPredictionSchema.safeParse(context.reference);
    let prediction = saved.success
      ? await poll(saved.data.predictionId, signal)
      : await create(photo, prompt, signal, inpaint);
    try {
      if (!saved.success) await context.saveReference({ predictionId: prediction.id });
      while (RUNNING.has(prediction.status)) {
        await pause(settings.pollIntervalMs, signal);
        prediction = await poll(prediction.id, signal);
      }
    } catch (error) {
      if (!isHandedBack(signal)) cancel(prediction.id);
      throw error;
    }
    if (prediction.status !== 'succeeded') throw endedFailure(prediction);
    await context.reportStage('finishing');
    return shapedAnswer(context.photos, await download(prediction, signal), { aspect: photo });
  }

  return {
    name: REPLICATE_PROVIDER_NAME,
    emptyRoom: ({ photo }, context) => edit(photo, emptyRoomPrompt(), context),
    kitchen: async (request, context) => {
      const inpaint = request.masks && { masks: request.masks, seed: request.variation };
      const picture = await edit(kitchenCanvas(request), kitchenPrompt(request), context, inpaint);
      return keepTheRoom(request, picture, context);
    },
  };
}

/** For the registry: `GENERATION_PROVIDER=replicate`, settings from the environment. */
export const replicateProvider: GenerationProviderFactory = () =>
  createReplicateProvider(replicateSettingsFromEnv());
