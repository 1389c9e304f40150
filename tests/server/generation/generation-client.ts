// A browser-like caller of the real server for the generation tests: keeps its session cookie, uploads
// photos (a made kitchen unless told otherwise) through validate_image_content, starts jobs and follows them as the app does.

import sharp from 'sharp';
import { expect } from 'vitest';
import { API_PREFIX, actionPaths, GENERATIONS_REMAINING_HEADER } from '../../../contract/endpoints';
import {
  type GenerateKitchenRequest,
  type GenerationJob,
  IDEMPOTENCY_KEY_HEADER,
  jobPaths,
  jobResponseSchema,
} from '../../../contract/generation';
import {
  IMAGE_UPLOAD_FIELD,
  type ValidateImageResponse,
  validateImageResponseSchema,
} from '../../../contract/images';
import { surfaceMasksUrl } from '../../../contract/surface-masks';
import type { KitchenConfiguration } from '../../../machines/kitchen/actors';
import { configurationOf } from '../../../machines/kitchen/configuration';
import { initialContext } from '../../../machines/kitchen/context';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import { catalogue } from '../../../server/catalogue/catalogue';
import { kitchenPhoto } from '../../../tooling/made-images';
import { cookieHeader } from '../../../tooling/server';
import { firstPlainChoices } from '../../machines/support/samples';

const first = <T>(values: Iterable<T>): T => {
  for (const value of values) return value;
  throw new Error('the catalogue is empty');
};
/** Real catalogue ids, as the app would send them. */
export const CHOICES = {
  frontalId: first(catalogue.frontalPreviewById.keys()),
  worktopId: first(catalogue.worktopPreviewById.keys()),
  shape: 'l-shaped',
  hasIsland: true,
} as const;

const frontal = catalogue.frontalPreviewById.get(CHOICES.frontalId);
const worktop = catalogue.worktopPreviewById.get(CHOICES.worktopId);
if (!frontal || !worktop) throw new Error('the chosen catalogue entries exist');
const frontalPreview = {
  id: frontal.id,
  colour: frontal.colour,
  primary_hex: frontal.hex,
  image_url: frontal.imageUrl,
};
const worktopColour = { colour: worktop.colour, primary_hex: worktop.hex };
const worktopPreview = { id: worktop.id, finish: worktop.finish };
/** The wizard with these choices made, as the app restores it. */
const chosen = initialContext({
  userId: 1,
  restored: {
    wizard: {
      inputImageDataUrl: 'data:image/jpeg;base64,',
      moderationPassed: true,
      selectedDesign: frontal.doorStyleGroup,
      selectedShape: CHOICES.shape,
      hasIsland: CHOICES.hasIsland,
      // A fixed choice a studio adds is kept here: its first option.
      choices: firstPlainChoices(),
    },
    frontals: {
      doorStyleGroup: frontal.doorStyleGroup,
      isHandleless: frontal.isHandleless,
      finish: frontal.finish,
      colorGroup: frontal.colourGroup,
      selectedFrontalId: frontal.id,
      selectedFrontalPreview: frontalPreview,
    },
    worktops: {
      material: worktop.material,
      colourGroup: worktop.colourGroup,
      colour: worktop.colour,
      selectedColourPreview: worktopColour,
      selectedWorktopId: worktop.id,
      selectedWorktopPreview: worktopPreview,
    },
  },
});
const configuration = configurationOf(chosen);
if (!configuration) throw new Error('every step of the wizard is chosen');
/**
 * The same choices as the app's machine hands them to its generation actors: made by the machine's own reading
 * of the steps (every step's chosen option, from the step table), not listed here by hand.
 */
export const APP_CONFIGURATION: KitchenConfiguration = configuration;

export const jobPath = (template: string, id: string) => `${API_PREFIX}${template.replace(':id', id)}`;

export interface Answer {
  status: number;
  body: unknown;
  /** The Generations-Remaining header as a number; null when absent. */
  remaining: number | null;
  headers: Headers;
}

// Taken before any test stubs the global fetch with `sessionFetch`, which calls through to it.
const realFetch = globalThis.fetch;

export class GenerationClient {
  protected cookie = '';
  /** `headers`: sent with every request, e.g. the X-Forwarded-For a proxy in front of the server would add. */
  constructor(
    readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A client carrying a session the browser already has (its page view and authorize, for instance). */
  static withSession(origin: string, cookie: string): GenerationClient {
    const client = new GenerationClient(origin);
    client.cookie = cookie;
    return client;
  }

  /** The Cookie header this browser sends (another tab of it can carry the same). */
  get sessionCookie(): string {
    return this.cookie;
  }

  /** The same browser session (its cookie) against another server, e.g. the same data directory restarted. */
  on(origin: string): GenerationClient {
    const twin = new GenerationClient(origin, this.headers);
    twin.cookie = this.cookie;
    return twin;
  }

  async request(path: string, init: RequestInit = {}): Promise<Answer> {
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) });
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await realFetch(`${this.origin}${path}`, { ...init, headers });
    const set = cookieHeader(response);
    if (set) this.cookie = set;
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    const header = response.headers.get(GENERATIONS_REMAINING_HEADER);
    return {
      status: response.status,
      body,
      remaining: header === null ? null : Number(header),
      headers: response.headers,
    };
  }

  /** A fetch that sends this session's cookie: stub the global fetch with it to drive the app's own client. */
  sessionFetch(): typeof fetch {
    return (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('cookie', this.cookie);
      return realFetch(input, { ...init, headers });
    };
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(`${API_PREFIX}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  /** Sends a photo (the made kitchen by default) to validate_image_content and answers its verdict. */
  async validate(photo?: Uint8Array<ArrayBuffer>): Promise<ValidateImageResponse> {
    const form = new FormData();
    form.set(
      IMAGE_UPLOAD_FIELD,
      new Blob([photo ?? (await kitchenPhoto())], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    const answer = await this.request(`${API_PREFIX}${actionPaths.validateImageContent}`, {
      method: 'POST',
      body: form,
    });
    expect(answer.status).toBe(200);
    return validateImageResponseSchema.parse(answer.body);
  }

  /** Uploads a photo (the made kitchen by default) that must be judged safe; the stored image's id. */
  async upload(photo?: Uint8Array<ArrayBuffer>): Promise<string> {
    const verdict = await this.validate(photo);
    if (!verdict.isSafe) throw new Error('the photo was judged unsafe');
    return verdict.imageId;
  }

  /**
   * Uploads a photo and marks its left half as the fronts: offline, only a marked photo's kitchen is charged
   * (an unmarked one is the photo as it is, free: issue 34, point 9).
   */
  async uploadMarked(photo?: Uint8Array<ArrayBuffer>): Promise<string> {
    const verdict = await this.validate(photo);
    if (!verdict.isSafe) throw new Error('the photo was judged unsafe');
    const { imageId, width, height } = verdict;
    const fronts = new Uint8Array(width * height);
    for (let row = 0; row < height; row += 1) fronts.fill(255, row * width, row * width + width / 2);
    await this.markSurfaces(imageId, { width, height, planes: { fronts } });
    return imageId;
  }

  /** Marks surfaces on a stored photo through the mask route, as the marking tool uploads them (grey PNGs). */
  async markSurfaces(imageId: string, masks: SurfaceMasks): Promise<void> {
    const form = new FormData();
    for (const [surface, plane] of Object.entries(masks.planes)) {
      const png = await sharp(plane, { raw: { width: masks.width, height: masks.height, channels: 1 } })
        .png()
        .toBuffer();
      form.set(surface, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${surface}.png`);
    }
    const answer = await this.request(surfaceMasksUrl(imageId), { method: 'PUT', body: form });
    expect(answer.status).toBe(200);
  }

  startKitchen(request: Partial<GenerateKitchenRequest> & { imageId: string }, idempotencyKey?: string) {
    const body = { emptyRoomId: null, ...CHOICES, ...request };
    return this.postJson(
      actionPaths.generateKitchen,
      body,
      idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {},
    );
  }

  startEmptyRoom(imageId: string) {
    return this.postJson(actionPaths.generateEmptyRoom, { imageId });
  }

  async job(id: string): Promise<GenerationJob> {
    const answer = await this.request(jobPath(jobPaths.job, id));
    expect(answer.status).toBe(200);
    return jobResponseSchema.parse(answer.body).job;
  }

  cancel(id: string) {
    return this.request(jobPath(jobPaths.cancel, id), { method: 'POST' });
  }

  async remaining(): Promise<number | null> {
    return (await this.request(`${API_PREFIX}${jobPaths.history}`)).remaining;
  }

  /** Polls the job until `done` holds of it (vitest's poll: no fixed sleeps in the test itself). */
  async until(id: string, done: (job: GenerationJob) => boolean, timeout = 20_000): Promise<GenerationJob> {
    let last: GenerationJob | undefined;
    await expect
      .poll(
        async () => {
          last = await this.job(id);
          return done(last);
        },
        { timeout, interval: 20 },
      )
      .toBe(true);
    if (!last) throw new Error('never read the job');
    return last;
  }

  /** Polls the job until it has ended. */
  finished(id: string, timeout?: number): Promise<GenerationJob> {
    return this.until(id, (job) => ['succeeded', 'failed', 'cancelled'].includes(job.state), timeout);
  }
}

export const startedJob = (answer: Answer): GenerationJob => {
  expect(answer.status).toBe(202);
  return jobResponseSchema.parse(answer.body).job;
};
