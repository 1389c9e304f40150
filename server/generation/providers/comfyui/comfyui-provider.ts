// A self-hosted ComfyUI server (reference providers.md §4.1): the photo is uploaded (`/upload/image`), the
// project's workflow queued with it (`/prompt`), `/history/{id}` followed until the run has ended, and the saved
// picture fetched with `/view`. ComfyUI documents no retry rules and no safety system: a busy or broken server
// fails the job at once, with a message for the user; a stopped job interrupts the run (or takes it off the
// queue), unless it was only handed to another runner. Several servers may be named: each job goes to the one
// with the shortest queue, skipping any that does not answer. The server and prompt id are saved on the job, so
// a retry after a crash follows the same run instead of queueing another.
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SurfaceMasks } from '../../../../recolour/surface-masks';
import { baseUrlEnv, type Env, optionalEnv } from '../../../outbound/env-settings';
import {
  exchange,
  failureFor,
  type HttpAnswer,
  isSuccess,
  parseJson,
  pause,
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
import { emptyRoomPrompt, kitchenPrompt, NEGATIVE_PROMPT } from '../prompt';
import { fillWorkflow, loadWorkflow, type Workflow } from './workflow';

export const COMFYUI_PROVIDER_NAME = 'comfyui';

export interface ComfyUiSettings {
  /**
   * `http://127.0.0.1:8188`, or several; no authentication (put them behind a private network or a proxy that
   * adds one).
   */
  baseUrls: readonly string[];
  workflow: Workflow;
  /** For photos with marked surfaces: paints inside the mask only (`inpaint-workflow.json` unless named). */
  inpaintWorkflow: Workflow;
  checkpoint: string;
  /** How far the sampler may move from the photo: the empty room needs more change than the kitchen. */
  denoise: { emptyRoom: number; kitchen: number };
  requestTimeoutMs: number;
  pollIntervalMs: number;
}

export const COMFYUI_DEFAULTS = {
  baseUrls: ['http://127.0.0.1:8188'],
  checkpoint: 'sd_xl_base_1.0.safetensors',
  denoise: { emptyRoom: 0.75, kitchen: 0.65 },
  requestTimeoutMs: 30_000,
  pollIntervalMs: 1_000,
} as const satisfies Omit<ComfyUiSettings, 'workflow' | 'inpaintWorkflow'>;

/**
 * `COMFYUI_URL` (one URL, or several separated by commas), `COMFYUI_WORKFLOW` (a file; the shipped one
 * otherwise), `COMFYUI_INPAINT_WORKFLOW` (likewise, for marked photos), `COMFYUI_CHECKPOINT`.
 */
export function comfyUiSettingsFromEnv(env: Env = process.env): ComfyUiSettings {
  const [fallback = ''] = COMFYUI_DEFAULTS.baseUrls;
  const listed = (optionalEnv(env, 'COMFYUI_URL') ?? fallback).split(',').filter((url) => url.trim() !== '');
  return {
    ...COMFYUI_DEFAULTS,
    baseUrls: listed.map((url) => baseUrlEnv({ COMFYUI_URL: url }, 'COMFYUI_URL', fallback)),
    workflow: loadWorkflow(optionalEnv(env, 'COMFYUI_WORKFLOW')),
    inpaintWorkflow: loadWorkflow(optionalEnv(env, 'COMFYUI_INPAINT_WORKFLOW'), 'inpaint'),
    checkpoint: optionalEnv(env, 'COMFYUI_CHECKPOINT') ?? COMFYUI_DEFAULTS.checkpoint,
  };
}

const uploadSchema = z.object({
  name: z.string().min(1),
  subfolder: z.string().default(''),
  type: z.string(),
});
const queuedSchema = z.object({
  prompt_id: z.string().min(1),
  node_errors: z.record(z.string(), z.unknown()).optional(),
});

const savedImageSchema = z.object({
  filename: z.string().min(1),
  subfolder: z.string().default(''),
  type: z.string(),
});
const historyEntrySchema = z.object({
  outputs: z
    .record(z.string(), z.object({ images: z.array(savedImageSchema).optional() }).loose())
    .default({}),
  status: z
    .object({
      status_str: z.string().optional(),
      completed: z.boolean().optional(),
      messages: z.array(z.unknown()).optional(),
    })
    .optional(),
});
type HistoryEntry = z.infer<typeof historyEntrySchema>;
const historySchema = z.record(z.string(), historyEntrySchema);

/** The saved picture among the run's outputs (previews are `temp`; the result is `output`). */
function savedImage(entry: HistoryEntry): z.infer<typeof savedImageSchema> {
  const images = Object.values(entry.outputs).flatMap((output) => output.images ?? []);
  const saved = images.find((image) => image.type === 'output') ?? images[0];
  if (!saved)
    throw new GenerationFailure(PROVIDER_MESSAGES.unreadable, { cause: new Error('no image output') });
  return saved;
}

/** `GET /queue`: the runs in progress and those waiting, as ComfyUI lists them. */
const queueSchema = z.object({
  queue_running: z.array(z.unknown()).default([]),
  queue_pending: z.array(z.unknown()).default([]),
});

/** What an inpainting run adds: the marked surfaces, and the job's variation as the sampler's seed. */
interface Inpaint {
  masks: SurfaceMasks;
  seed: number;
}

/** What a job stores of its run (ProviderContext.saveReference): the server it was queued on, and its id. */
const savedRunSchema = z.object({ server: z.string().min(1), promptId: z.string().min(1) });

export function createComfyUiProvider(settings: ComfyUiSettings): GenerationProvider {
  const within = (signal: AbortSignal) => ({ signal, timeoutMs: settings.requestTimeoutMs });
  /** Best effort after the job stopped caring: its own short limit, since the job's signal may have fired. */
  const unbound = { signal: new AbortController().signal, timeoutMs: 5_000 };
  const postJson = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  function ok(answer: HttpAnswer): HttpAnswer {
    if (!isSuccess(answer)) throw failureFor('ComfyUI', answer);
    return answer;
  }

  /** How many runs the server has in hand; undefined when it does not answer as ComfyUI would. */
  async function queueLength(server: string, signal: AbortSignal): Promise<number | undefined> {
    try {
      const queue = parseJson(ok(await exchange(`${server}/queue`, {}, within(signal))), queueSchema);
      return queue.queue_running.length + queue.queue_pending.length;
    } catch {
      signal.throwIfAborted();
      return undefined;
    }
  }

  /** The server with the shortest queue among those that answer; with one server, that one. */
  async function leastBusy(signal: AbortSignal): Promise<string> {
    const [only, ...others] = settings.baseUrls;
    if (only === undefined) throw new Error('no ComfyUI server is configured');
    if (others.length === 0) return only;
    const lengths = await Promise.all(settings.baseUrls.map((server) => queueLength(server, signal)));
    let chosen: { server: string; length: number } | undefined;
    settings.baseUrls.forEach((server, index) => {
      const length = lengths[index];
      if (length !== undefined && (!chosen || length < chosen.length)) chosen = { server, length };
    });
    if (!chosen) {
      throw new GenerationFailure(PROVIDER_MESSAGES.unreachable, {
        cause: new Error(`no ComfyUI server answered: ${settings.baseUrls.join(', ')}`),
      });
    }
    return chosen.server;
  }

  async function upload(
    server: string,
    photo: Pick<ProviderImage, 'bytes' | 'contentType'>,
    signal: AbortSignal,
  ): Promise<string> {
    const extension = photo.contentType.split('/')[1] ?? 'jpeg';
    const form = new FormData();
    form.set(
      'image',
      new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }),
      `kr-${randomUUID()}.${extension}`,
    );
    form.set('type', 'input');
    form.set('overwrite', 'true');
    const answer = ok(
      await exchange(`${server}/upload/image`, { method: 'POST', body: form }, within(signal)),
    );
    const stored = parseJson(answer, uploadSchema);
    return stored.subfolder ? `${stored.subfolder}/${stored.name}` : stored.name;
  }

  async function queue(server: string, workflow: Workflow, signal: AbortSignal): Promise<string> {
    const answer = ok(
      await exchange(
        `${server}/prompt`,
        postJson({ prompt: workflow, client_id: randomUUID() }),
        within(signal),
      ),
    );
    const queued = parseJson(answer, queuedSchema);
    if (queued.node_errors && Object.keys(queued.node_errors).length > 0) {
      throw new Error(`ComfyUI rejected the workflow: ${JSON.stringify(queued.node_errors)}`);
    }
    return queued.prompt_id;
  }

  /** `/history/{id}` is `{}` until the run has ended. */
  async function ended(server: string, promptId: string, signal: AbortSignal): Promise<HistoryEntry> {
    for (;;) {
      const answer = ok(
        await exchange(`${server}/history/${encodeURIComponent(promptId)}`, {}, within(signal)),
      );
      const entry = parseJson(answer, historySchema)[promptId];
      if (entry) return entry;
      await pause(settings.pollIntervalMs, signal);
    }
  }

  /** Frees the GPU for the next job: interrupts the run if it is running, takes it off the queue if waiting. */
  function stopRun(server: string, promptId: string): void {
    exchange(`${server}/interrupt`, postJson({ prompt_id: promptId }), unbound).catch(() => {});
    exchange(`${server}/queue`, postJson({ delete: [promptId] }), unbound).catch(() => {});
  }

  /**
   * Uploads the photo (and, to inpaint, the mask: white = paint) and queues the workflow on the least busy
   * server; the run, saved on the job.
   */
  async function startRun(
    photo: ProviderImage,
    prompt: string,
    denoise: number,
    signal: AbortSignal,
    inpaint: Inpaint | null,
  ): Promise<{ server: string; promptId: string }> {
    const server = await leastBusy(signal);
    const [uploaded, mask] = await Promise.all([
      upload(server, photo, signal),
      inpaint &&
        whiteToEditMask(inpaint.masks).then((bytes) =>
          upload(server, { bytes, contentType: 'image/png' }, signal),
        ),
    ]);
    const workflow = fillWorkflow(inpaint ? settings.inpaintWorkflow : settings.workflow, {
      photo: uploaded,
      ...(mask ? { mask } : {}),
      prompt,
      negative_prompt: NEGATIVE_PROMPT,
      seed: inpaint?.seed ?? randomInt(2 ** 32),
      denoise,
      checkpoint: settings.checkpoint,
    });
    return { server, promptId: await queue(server, workflow, signal) };
  }

  async function run(
    photo: ProviderImage,
    prompt: string,
    denoise: number,
    context: ProviderContext,
    inpaint: Inpaint | null = null,
  ): Promise<ProviderImage> {
    const { signal } = context;
    const saved = savedRunSchema.safeParse(context.reference);
    // Only a server still configured: a reference to one that was removed starts a new run.
    const resumed = saved.success && settings.baseUrls.includes(saved.data.server) ? saved.data : undefined;
    await context.reportStage('rendering');
    const { server, promptId } = resumed ?? (await startRun(photo, prompt, denoise, signal, inpaint));
    let entry: HistoryEntry;
    try {
      if (!resumed) await context.saveReference({ server, promptId });
      entry = await ended(server, promptId, signal);
    } catch (error) {
      if (!isHandedBack(signal)) stopRun(server, promptId);
      throw error;
    }
    if (entry.status?.status_str === 'error') {
      const cause = new Error(
        `ComfyUI run ${promptId} failed: ${JSON.stringify(entry.status.messages ?? [])}`,
      );
      throw new GenerationFailure(PROVIDER_MESSAGES.failed, { cause });
    }
    const image = savedImage(entry);
    await context.reportStage('finishing');
    const query = new URLSearchParams({
      filename: image.filename,
      subfolder: image.subfolder,
      type: image.type,
    });
    const picture = ok(await exchange(`${server}/view?${query}`, {}, within(signal)));
    return shapedAnswer(context.photos, picture.body, { aspect: photo });
  }

  return {
    name: COMFYUI_PROVIDER_NAME,
    emptyRoom: ({ photo }, context) => run(photo, emptyRoomPrompt(), settings.denoise.emptyRoom, context),
    kitchen: async (request, context) => {
      const inpaint = request.masks && { masks: request.masks, seed: request.variation };
      const prompt = kitchenPrompt(request);
      const picture = await run(kitchenCanvas(request), prompt, settings.denoise.kitchen, context, inpaint);
      return keepTheRoom(request, picture, context);
    },
  };
}

/** For the registry: `GENERATION_PROVIDER=comfyui`, settings from the environment. */
export const comfyuiProvider: GenerationProviderFactory = () =>
  createComfyUiProvider(comfyUiSettingsFromEnv());
