// A self-hosted ComfyUI server (reference providers.md §4.1): the photo is uploaded (`/upload/image`), the
// project's workflow queued with it (`/prompt`), `/history/{id}` followed until the run has ended, and the saved
// picture fetched with `/view`. ComfyUI documents no retry rules and no safety system: a busy or broken server
// fails the job at once, with a message for the user; a stopped job interrupts the run.
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  GenerationFailure,
  type GenerationProvider,
  type GenerationProviderFactory,
  type ProviderContext,
  type ProviderImage,
} from '../../provider';
import { matchAspect } from '../aspect';
import { exchange, failureFor, type HttpAnswer, isSuccess, parseJson, pause } from '../http';
import { PROVIDER_MESSAGES } from '../messages';
import { emptyRoomPrompt, kitchenPrompt, NEGATIVE_PROMPT } from '../prompt';
import { baseUrlEnv, type Env, optionalEnv } from '../settings';
import { fillWorkflow, loadWorkflow, type Workflow } from './workflow';

export const COMFYUI_PROVIDER_NAME = 'comfyui';

export interface ComfyUiSettings {
  /** `http://127.0.0.1:8188`; no authentication (put it behind a private network or a proxy that adds one). */
  baseUrl: string;
  workflow: Workflow;
  checkpoint: string;
  /** How far the sampler may move from the photo: the empty room needs more change than the kitchen. */
  denoise: { emptyRoom: number; kitchen: number };
  requestTimeoutMs: number;
  pollIntervalMs: number;
}

export const COMFYUI_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:8188',
  checkpoint: 'sd_xl_base_1.0.safetensors',
  denoise: { emptyRoom: 0.75, kitchen: 0.65 },
  requestTimeoutMs: 30_000,
  pollIntervalMs: 1_000,
} as const satisfies Omit<ComfyUiSettings, 'workflow'>;

/** `COMFYUI_URL`, `COMFYUI_WORKFLOW` (a file; the shipped one otherwise), `COMFYUI_CHECKPOINT`. */
export function comfyUiSettingsFromEnv(env: Env = process.env): ComfyUiSettings {
  const workflowFile = optionalEnv(env, 'COMFYUI_WORKFLOW');
  return {
    ...COMFYUI_DEFAULTS,
    baseUrl: baseUrlEnv(env, 'COMFYUI_URL', COMFYUI_DEFAULTS.baseUrl),
    workflow: loadWorkflow(workflowFile),
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

export function createComfyUiProvider(settings: ComfyUiSettings): GenerationProvider {
  const url = (route: string) => `${settings.baseUrl}${route}`;
  const within = (signal: AbortSignal) => ({ signal, timeoutMs: settings.requestTimeoutMs });

  function ok(answer: HttpAnswer): HttpAnswer {
    if (!isSuccess(answer)) throw failureFor('ComfyUI', answer);
    return answer;
  }

  async function upload(photo: ProviderImage, signal: AbortSignal): Promise<string> {
    const extension = photo.contentType.split('/')[1] ?? 'jpeg';
    const form = new FormData();
    form.set(
      'image',
      new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }),
      `kr-${randomUUID()}.${extension}`,
    );
    form.set('type', 'input');
    form.set('overwrite', 'true');
    const answer = ok(await exchange(url('/upload/image'), { method: 'POST', body: form }, within(signal)));
    const stored = parseJson(answer, uploadSchema);
    return stored.subfolder ? `${stored.subfolder}/${stored.name}` : stored.name;
  }

  async function queue(workflow: Workflow, signal: AbortSignal): Promise<string> {
    const answer = ok(
      await exchange(
        url('/prompt'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: workflow, client_id: randomUUID() }),
        },
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
  async function ended(promptId: string, signal: AbortSignal): Promise<HistoryEntry> {
    for (;;) {
      const answer = ok(await exchange(url(`/history/${encodeURIComponent(promptId)}`), {}, within(signal)));
      const entry = parseJson(answer, historySchema)[promptId];
      if (entry) return entry;
      await pause(settings.pollIntervalMs, signal);
    }
  }

  /** Best effort, once the job has stopped caring: frees the GPU for the next job. */
  function interrupt(promptId: string): void {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt_id: promptId }),
    };
    exchange(url('/interrupt'), init, { signal: new AbortController().signal, timeoutMs: 5_000 }).catch(
      () => {},
    );
  }

  async function run(
    photo: ProviderImage,
    prompt: string,
    denoise: number,
    context: ProviderContext,
  ): Promise<ProviderImage> {
    const { signal } = context;
    const uploaded = await upload(photo, signal);
    const workflow = fillWorkflow(settings.workflow, {
      photo: uploaded,
      prompt,
      negative_prompt: NEGATIVE_PROMPT,
      seed: randomInt(2 ** 32),
      denoise,
      checkpoint: settings.checkpoint,
    });
    await context.reportStage('rendering');
    const promptId = await queue(workflow, signal);
    let entry: HistoryEntry;
    try {
      entry = await ended(promptId, signal);
    } catch (error) {
      interrupt(promptId);
      throw error;
    }
    if (entry.status?.status_str === 'error') {
      const cause = new Error(
        `ComfyUI run ${promptId} failed: ${JSON.stringify(entry.status.messages ?? [])}`,
      );
      throw new GenerationFailure(PROVIDER_MESSAGES.failed, { cause });
    }
    const saved = savedImage(entry);
    await context.reportStage('finishing');
    const query = new URLSearchParams({
      filename: saved.filename,
      subfolder: saved.subfolder,
      type: saved.type,
    });
    const picture = ok(await exchange(url(`/view?${query}`), {}, within(signal)));
    return matchAspect(picture.body, photo);
  }

  return {
    name: COMFYUI_PROVIDER_NAME,
    emptyRoom: ({ photo }, context) => run(photo, emptyRoomPrompt(), settings.denoise.emptyRoom, context),
    kitchen: (request, context) =>
      run(request.emptyRoom ?? request.photo, kitchenPrompt(request), settings.denoise.kitchen, context),
  };
}

/** For the registry: `GENERATION_PROVIDER=comfyui`, settings from the environment. */
export const comfyuiProvider: GenerationProviderFactory = () =>
  createComfyUiProvider(comfyUiSettingsFromEnv());
