// OpenAI image edits (`POST /v1/images/edits`, reference providers.md §1.1): the photo, padded to the nearest
// size the model draws, with the prompt, an explicit gpt-image model and `input_fidelity=high` so the room stays
// the room; the answer is cropped back to where the photo was. One synchronous call, no polling.
import { z } from 'zod';
import type { SurfaceMasks } from '../../../../recolour/surface-masks';
import { baseUrlEnv, type Env, optionalEnv, requiredEnv } from '../../../outbound/env-settings';
import {
  exchangeWithRetries,
  failureFor,
  type HttpAnswer,
  isSuccess,
  parseJson,
  retryPolicy,
} from '../../../outbound/http-client';
import { OPENAI_API_BASE_URL } from '../../../outbound/openai-api';
import type { Size } from '../../picture-work/fit-answer';
import {
  GenerationFailure,
  type GenerationProvider,
  type GenerationProviderFactory,
  type ProviderContext,
  type ProviderImage,
} from '../../provider';
import { nearestSize, padToCanvas, placementFor, shapedAnswer } from '../aspect';
import { keepTheRoom, kitchenCanvas, transparentToEditMask } from '../inpaint-mask';
import { PROVIDER_MESSAGES } from '../messages';
import { emptyRoomPrompt, kitchenPrompt } from '../prompt';

export const OPENAI_PROVIDER_NAME = 'openai';

export type OpenAiQuality = 'low' | 'medium' | 'high' | 'auto';

export interface OpenAiSettings {
  apiKey: string;
  /** `https://api.openai.com/v1` or a compatible gateway. */
  baseUrl: string;
  /** Sent explicitly: the API's default edit model has changed between releases. */
  model: string;
  quality: OpenAiQuality;
  /** One edit can take over two minutes at high quality; the runner stops every job at three. */
  timeoutMs: number;
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

export const OPENAI_DEFAULTS = {
  baseUrl: OPENAI_API_BASE_URL,
  model: 'gpt-image-1.5',
  quality: 'medium',
  timeoutMs: 150_000,
  retries: 2,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 20_000,
} as const satisfies Omit<OpenAiSettings, 'apiKey'>;

/** The sizes gpt-image-1 and gpt-image-1.5 draw (§1.1 `size`). */
export const OPENAI_SIZES: readonly Size[] = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];

const qualitySchema = z.enum(['low', 'medium', 'high', 'auto']);

/** `OPENAI_API_KEY` (required), `OPENAI_BASE_URL`, `OPENAI_IMAGE_MODEL`, `OPENAI_IMAGE_QUALITY`. */
export function openAiSettingsFromEnv(env: Env = process.env): OpenAiSettings {
  const quality = qualitySchema.safeParse(
    optionalEnv(env, 'OPENAI_IMAGE_QUALITY') ?? OPENAI_DEFAULTS.quality,
  );
  if (!quality.success) throw new Error('OPENAI_IMAGE_QUALITY must be one of low, medium, high, auto.');
  return {
    ...OPENAI_DEFAULTS,
    apiKey: requiredEnv(env, 'OPENAI_API_KEY', OPENAI_PROVIDER_NAME),
    baseUrl: baseUrlEnv(env, 'OPENAI_BASE_URL', OPENAI_DEFAULTS.baseUrl),
    model: optionalEnv(env, 'OPENAI_IMAGE_MODEL') ?? OPENAI_DEFAULTS.model,
    quality: quality.data,
  };
}

const editResponseSchema = z.object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) });

const errorBodySchema = z.object({
  error: z.object({ message: z.string().optional(), code: z.string().nullish(), type: z.string().nullish() }),
});

/** Codes of the safety system's refusal (`moderation_blocked`; `content_policy_violation` from DALL·E days). */
const REFUSAL_CODES = new Set(['moderation_blocked', 'content_policy_violation']);

function isRefusal(answer: HttpAnswer): boolean {
  if (answer.status !== 400) return false;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(answer.body.toString('utf8')));
    return parsed.success && REFUSAL_CODES.has(parsed.data.error.code ?? '');
  } catch {
    return false;
  }
}

/** What the SDK retries (408, 409, 429, 5xx), unless the server says otherwise with `x-should-retry`. */
function retryable(answer: HttpAnswer): boolean {
  const told = answer.headers.get('x-should-retry');
  if (told === 'true') return true;
  if (told === 'false') return false;
  return [408, 409, 429].includes(answer.status) || answer.status >= 500;
}

export function createOpenAiProvider(settings: OpenAiSettings): GenerationProvider {
  async function edit(
    photo: ProviderImage,
    prompt: string,
    context: ProviderContext,
    masks: SurfaceMasks | null = null,
  ): Promise<ProviderImage> {
    const size = nearestSize(photo, OPENAI_SIZES);
    const placement = placementFor(photo, size);
    const [padded, mask] = await Promise.all([
      padToCanvas(photo, placement),
      masks && transparentToEditMask(masks, placement),
    ]);
    await context.reportStage('rendering');

    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(padded)], { type: 'image/png' }), 'photo.png');
    // Transparent = edit (§1.1): only the marked fronts and worktop.
    if (mask) form.set('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    form.set('prompt', prompt);
    form.set('model', settings.model);
    form.set('n', '1');
    form.set('size', `${size.width}x${size.height}`);
    form.set('quality', settings.quality);
    form.set('input_fidelity', 'high');
    form.set('output_format', 'png');
    const answer = await exchangeWithRetries(
      `${settings.baseUrl}/images/edits`,
      { method: 'POST', headers: { authorization: `Bearer ${settings.apiKey}` }, body: form },
      {
        signal: context.signal,
        timeoutMs: settings.timeoutMs,
        retry: retryPolicy(settings, retryable),
      },
    );
    if (isRefusal(answer)) throw new GenerationFailure(PROVIDER_MESSAGES.refused);
    if (!isSuccess(answer)) throw failureFor('OpenAI', answer);
    const [image] = parseJson(answer, editResponseSchema).data;
    await context.reportStage('finishing');
    return shapedAnswer(context.photos, Buffer.from(image?.b64_json ?? '', 'base64'), { placement });
  }

  return {
    name: OPENAI_PROVIDER_NAME,
    emptyRoom: ({ photo }, context) => edit(photo, emptyRoomPrompt(), context),
    kitchen: async (request, context) =>
      keepTheRoom(
        request,
        await edit(kitchenCanvas(request), kitchenPrompt(request), context, request.masks),
        context,
      ),
  };
}

/** For the registry: `GENERATION_PROVIDER=openai`, settings from the environment. */
export const openaiProvider: GenerationProviderFactory = () => createOpenAiProvider(openAiSettingsFromEnv());
