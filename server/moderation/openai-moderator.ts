// OpenAI's moderation endpoint (`POST /v1/moderations`, reference providers.md §1.2) as a moderator: the
// normalised photo goes as a data URL, one image per request (the endpoint refuses more), and the answer is
// checked for shape before it is believed. It never runs alone: `withOpenAiModeration` puts it behind the local
// model, which stays the default and the floor (see second-opinion.ts).
import { z } from 'zod';
import { baseUrlEnv, type Env, optionalEnv } from '../outbound/env-settings';
import {
  describeAnswer,
  exchangeWithRetries,
  type HttpAnswer,
  isSuccess,
  parseJson,
  retryPolicy,
} from '../outbound/http-client';
import { OPENAI_API_BASE_URL } from '../outbound/openai-api';
import type { ModeratedImage, ModerationVerdict, Moderator } from './moderator';
import { type SecondOpinionFailure, withSecondOpinion } from './second-opinion';

export interface OpenAiModerationSettings {
  apiKey: string;
  /** `https://api.openai.com/v1` or a compatible gateway: the same base the image provider uses. */
  baseUrl: string;
  model: string;
  /** One request's limit. */
  timeoutMs: number;
  /** The whole exchange, retries and their waits included: the user's upload is waiting on it. */
  deadlineMs: number;
  retries: number;
  retryBaseDelayMs: number;
  /** A longer `retry-after` than this is not waited for; the local verdict stands instead. */
  retryMaxDelayMs: number;
}

// The app gives a request 20 s (DESIGN D7) and the upload, normalising and the local model come first, so the
// second opinion gets well under half of that.
export const OPENAI_MODERATION_DEFAULTS = {
  baseUrl: OPENAI_API_BASE_URL,
  model: 'omni-moderation-latest',
  timeoutMs: 5_000,
  deadlineMs: 8_000,
  retries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 2_000,
} as const satisfies Omit<OpenAiModerationSettings, 'apiKey'>;

/** The categories that can apply to an image (§1.2); the others are judged on text only. */
export const OPENAI_IMAGE_CATEGORIES = [
  'sexual',
  'violence',
  'violence/graphic',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
] as const;

/** Prefix of OpenAI's entries in a verdict's `scores`, beside the local model's own. */
export const OPENAI_SCORE_PREFIX = 'openai:';

/**
 * `OPENAI_API_KEY` and `OPENAI_BASE_URL`, as the image provider reads them. The configuration has already
 * refused `MODERATION_OPENAI=true` without a key, so a missing one here is a programming error.
 */
export function openAiModerationSettingsFromEnv(env: Env = process.env): OpenAiModerationSettings {
  const apiKey = optionalEnv(env, 'OPENAI_API_KEY');
  if (!apiKey) throw new Error('MODERATION_OPENAI=true needs OPENAI_API_KEY to be set.');
  return {
    ...OPENAI_MODERATION_DEFAULTS,
    apiKey,
    baseUrl: baseUrlEnv(env, 'OPENAI_BASE_URL', OPENAI_MODERATION_DEFAULTS.baseUrl),
  };
}

// `illicit*` may be null in `categories` (§1.2); scores are numbers for every category.
const moderationResponseSchema = z.object({
  results: z
    .array(
      z.object({
        flagged: z.boolean(),
        categories: z.record(z.string(), z.boolean().nullable()),
        category_scores: z.record(z.string(), z.number()),
      }),
    )
    .length(1),
});

type ModerationResult = z.infer<typeof moderationResponseSchema>['results'][number];

/** Busy and outages may pass by the time of a retry; a refused key or request will not. */
const retryable = (answer: HttpAnswer): boolean => answer.status === 429 || answer.status >= 500;

/** The photo as the endpoint takes it; normalised images are always JPEG (server/images/normalise-image.ts). */
export const jpegDataUrl = (image: ModeratedImage): string =>
  `data:image/jpeg;base64,${Buffer.from(image.bytes).toString('base64')}`;

export function verdictOfResult(result: ModerationResult): ModerationVerdict {
  const scores: Record<string, number> = { [`${OPENAI_SCORE_PREFIX}flagged`]: result.flagged ? 1 : 0 };
  for (const category of OPENAI_IMAGE_CATEGORIES) {
    const score = result.category_scores[category];
    if (score !== undefined) scores[`${OPENAI_SCORE_PREFIX}${category}`] = score;
  }
  const imageCategoryFlagged = OPENAI_IMAGE_CATEGORIES.some(
    (category) => result.categories[category] === true,
  );
  return { isSafe: !(result.flagged || imageCategoryFlagged), scores };
}

/** Asks the endpoint about one image; rejects on any failure (time limit, refusal, outage, unreadable answer). */
export function createOpenAiModerator(settings: OpenAiModerationSettings): Moderator {
  return {
    ready: Promise.resolve(),
    async classify(image) {
      const body = {
        model: settings.model,
        input: [{ type: 'image_url', image_url: { url: jpegDataUrl(image) } }],
      };
      const answer = await exchangeWithRetries(
        `${settings.baseUrl}/moderations`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        {
          signal: AbortSignal.timeout(settings.deadlineMs),
          timeoutMs: settings.timeoutMs,
          retry: retryPolicy(settings, retryable),
        },
      );
      if (!isSuccess(answer)) throw new Error(describeAnswer('OpenAI moderation', answer));
      const [result] = parseJson(answer, moderationResponseSchema).results;
      if (!result) throw new Error('OpenAI moderation answered without a result');
      return verdictOfResult(result);
    },
  };
}

/** The local moderator with OpenAI's second opinion on what it passes; OpenAI's failures go to `onFailure`. */
export function withOpenAiModeration(
  local: Moderator,
  onFailure: SecondOpinionFailure,
  settings: OpenAiModerationSettings = openAiModerationSettingsFromEnv(),
): Moderator {
  return withSecondOpinion(local, createOpenAiModerator(settings), onFailure);
}
