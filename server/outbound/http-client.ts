// HTTP to other services (the photoreal providers, OpenAI moderation): one exchange with a time limit that the
// caller's signal also stops, retries with backoff that honour the service's `retry-after`, and the failures every
// service shares (busy, outage, unreachable, unreadable) turned into messages for the user.
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { SERVICE_MESSAGES, ServiceFailure } from './service-failure';

/** A whole answer, body read, so the time limit covers the body as well as the headers. */
export interface HttpAnswer {
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface ExchangeOptions {
  /** The job's signal: cancel, shutdown or the runner's time limit. */
  signal: AbortSignal;
  /** This one request's limit; when it passes, the user reads that the service did not answer in time. */
  timeoutMs: number;
  /** The most of a body that is read; a longer one is refused (default `MAX_ANSWER_BYTES`). */
  maxBytes?: number;
}

/** A picture as base64 JSON (OpenAI) is a third larger than the picture; providers send one to a few MB. */
export const MAX_ANSWER_BYTES = 25 * 1024 * 1024;

const answerTooLarge = () =>
  new ServiceFailure('The image service sent back more than we accept. Please try again.');

/** The body, read as it arrives and refused as soon as it passes `maxBytes`, so a huge answer is never held. */
async function cappedBody(response: Response, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw answerTooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > maxBytes) throw answerTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** One request and its whole answer; the job's abort is passed on as it is, so the runner sees its own reason. */
export async function exchange(
  url: string,
  init: RequestInit,
  options: ExchangeOptions,
): Promise<HttpAnswer> {
  const { signal, timeoutMs } = options;
  signal.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
    const body = await cappedBody(response, options.maxBytes ?? MAX_ANSWER_BYTES);
    return { url, status: response.status, headers: response.headers, body };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof ServiceFailure) throw error;
    if (timeout.aborted) throw new ServiceFailure(SERVICE_MESSAGES.timeout, { cause: error });
    throw new ServiceFailure(SERVICE_MESSAGES.unreachable, { cause: error });
  }
}

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  /** The first backoff when the provider names no delay; doubled on each attempt. */
  baseDelayMs: number;
  /** A longer `retry-after` than this is not waited for: the job fails as busy instead. */
  maxDelayMs: number;
  /** Whether this answer may be retried, by the provider's documentation. */
  retryable(answer: HttpAnswer): boolean;
}

/** How a provider's settings name their retries (each adapter's `*_DEFAULTS`, overridable in tests). */
export interface RetrySettings {
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

/** The retry policy that `settings` describe, retrying the answers `retryable` accepts. */
export const retryPolicy = (settings: RetrySettings, retryable: RetryPolicy['retryable']): RetryPolicy => ({
  retries: settings.retries,
  baseDelayMs: settings.retryBaseDelayMs,
  maxDelayMs: settings.retryMaxDelayMs,
  retryable,
});

/** The provider's own delay (`retry-after-ms`, `retry-after` in seconds or as a date), else exponential backoff. */
export function retryDelayMs(
  headers: Headers,
  attempt: number,
  baseDelayMs: number,
  now = Date.now(),
): number {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  // Jitter spreads the retries of several jobs that were refused together.
  return baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
}

/** `exchange`, again after a delay while the policy allows; the last answer is returned whatever it is. */
export async function exchangeWithRetries(
  url: string,
  init: RequestInit,
  options: ExchangeOptions & { retry: RetryPolicy },
): Promise<HttpAnswer> {
  const { retry, signal } = options;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await exchange(url, init, options);
    if (attempt >= retry.retries || !retry.retryable(answer)) return answer;
    const delay = retryDelayMs(answer.headers, attempt, retry.baseDelayMs);
    if (delay > retry.maxDelayMs) return answer;
    await pause(delay, signal);
  }
}

export const isSuccess = (answer: HttpAnswer): boolean => answer.status >= 200 && answer.status < 300;

/** A short, log-friendly description of an answer the adapter did not expect. */
export function describeAnswer(service: string, answer: HttpAnswer): string {
  const text = answer.body.toString('utf8', 0, Math.min(answer.body.length, 500));
  return `${service} answered ${answer.status} to ${new URL(answer.url).pathname}: ${text}`;
}

/**
 * The failure for an answer no adapter-specific rule explained: busy and outages are told to the user; anything
 * else (a refused key, a request the service rejects) is the server's fault, logged in full by the runner.
 */
export function failureFor(service: string, answer: HttpAnswer): Error {
  const detail = describeAnswer(service, answer);
  if (answer.status === 429) return new ServiceFailure(SERVICE_MESSAGES.busy, { cause: new Error(detail) });
  if (answer.status >= 500) return new ServiceFailure(SERVICE_MESSAGES.outage, { cause: new Error(detail) });
  return new Error(detail);
}

/** The body as JSON of the expected shape; anything else is an unreadable answer. */
export function parseJson<Schema extends z.ZodType>(answer: HttpAnswer, schema: Schema): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch (error) {
    throw new ServiceFailure(SERVICE_MESSAGES.unreadable, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ServiceFailure(SERVICE_MESSAGES.unreadable, { cause: parsed.error });
  return parsed.data;
}

/** Waits between polls; the job's abort ends the wait with the job's reason. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => {
    throw signal.reason;
  });
}
