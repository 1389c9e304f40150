// Replicate predictions (reference providers.md §2): an image-editing model (flux-kontext-pro by default) is
// asked with `Prefer: wait`, so a quick model answers in the same call; otherwise the prediction is polled until
// it ends. Outputs are deleted an hour later, so the picture is downloaded at once. The prediction's id is saved
// on the job as soon as it is known: a retry after a crash polls that prediction again instead of paying for a
// new one. A stopped job cancels its prediction, which stops the billing too, unless the job was only handed to
// another runner, which polls it on.
import { z } from 'zod';
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
import { matchAspect } from '../aspect';
import { PROVIDER_MESSAGES } from '../messages';
import { emptyRoomPrompt, kitchenPrompt } from '../prompt';

export const REPLICATE_PROVIDER_NAME = 'replicate';

export interface ReplicateSettings {
  apiToken: string;
  /** `https://api.replicate.com/v1`. */
  baseUrl: string;
  /** `owner/name` of an official model, or `owner/name:version`; it must take flux-kontext's inputs. */
  model: string;
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
  createTimeoutMs: 75_000,
  requestTimeoutMs: 30_000,
  pollIntervalMs: 1_000,
  retries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
} as const satisfies Omit<ReplicateSettings, 'apiToken'>;

/** `REPLICATE_API_TOKEN` (required), `REPLICATE_BASE_URL`, `REPLICATE_MODEL`. */
export function replicateSettingsFromEnv(env: Env = process.env): ReplicateSettings {
  const model = optionalEnv(env, 'REPLICATE_MODEL') ?? REPLICATE_DEFAULTS.model;
  if (!/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/.test(model)) {
    throw new Error(`REPLICATE_MODEL must be owner/name or owner/name:version (got "${model}").`);
  }
  return {
    ...REPLICATE_DEFAULTS,
    apiToken: requiredEnv(env, 'REPLICATE_API_TOKEN', REPLICATE_PROVIDER_NAME),
    baseUrl: baseUrlEnv(env, 'REPLICATE_BASE_URL', REPLICATE_DEFAULTS.baseUrl),
    model,
  };
}

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
});
type Prediction = z.infer<typeof predictionSchema>;

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

  function createUrlAndBody(input: Record<string, unknown>): { url: string; body: unknown } {
    const [name, version] = settings.model.split(':');
    return version
      ? { url: `${settings.baseUrl}/predictions`, body: { version, input } }
      : { url: `${settings.baseUrl}/models/${name}/predictions`, body: { input } };
  }

  async function create(photo: ProviderImage, prompt: string, signal: AbortSignal): Promise<Prediction> {
    const { url, body } = createUrlAndBody({
      prompt,
      input_image: `data:${photo.contentType};base64,${photo.bytes.toString('base64')}`,
      aspect_ratio: 'match_input_image',
      output_format: 'png',
      // The most permissive value allowed with an input image (§2.2).
      safety_tolerance: 2,
    });
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
  ): Promise<ProviderImage> {
    const { signal } = context;
    await context.reportStage('rendering');
    const saved = savedPredictionSchema.safeParse(context.reference);
    let prediction = saved.success
      ? await poll(saved.data.predictionId, signal)
      : await create(photo, prompt, signal);
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
    return matchAspect(await download(prediction, signal), photo);
  }

  return {
    name: REPLICATE_PROVIDER_NAME,
    emptyRoom: ({ photo }, context) => edit(photo, emptyRoomPrompt(), context),
    kitchen: (request, context) => edit(request.emptyRoom ?? request.photo, kitchenPrompt(request), context),
  };
}

/** For the registry: `GENERATION_PROVIDER=replicate`, settings from the environment. */
export const replicateProvider: GenerationProviderFactory = () =>
  createReplicateProvider(replicateSettingsFromEnv());
