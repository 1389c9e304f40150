// One simulated visitor doing the whole journey as the browser app does it, over plain HTTP: the page and its boot
// data, authorisation, a photo upload, the wizard's catalogue reads, a generation followed to its end, and the
// picture. `origins` lists the instances behind an imaginary load balancer with no stickiness: each request goes to
// the next one, so every step must work whichever instance answers it.
import { API_PREFIX, actionPaths, cataloguePaths } from '../../contract/endpoints';
import { IDEMPOTENCY_KEY_HEADER, jobPaths } from '../../contract/generation';
import { IMAGE_UPLOAD_FIELD, imageUrl } from '../../contract/images';

const BOOT_DATA = /<script type="application\/json" id="boot-data">(.*?)<\/script>/;
const POLL_INTERVAL_MS = 100;
const JOB_DEADLINE_MS = 120_000;

export class JourneyError extends Error {
  override name = 'JourneyError';
}

interface Job {
  id: string;
  state: string;
  resultImageId: string | null;
  error: string | null;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export class Visitor {
  private cookies = new Map<string, string>();
  private turn = 0;

  constructor(private readonly origins: readonly string[]) {}

  private nextOrigin(): string {
    const origin = this.origins[this.turn % this.origins.length];
    this.turn += 1;
    if (!origin) throw new JourneyError('no instance to send to');
    return origin;
  }

  private async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // What a browser sends on its own page's requests; the server's cross-site check reads it.
    headers.set('sec-fetch-site', 'same-origin');
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(`${this.nextOrigin()}${path}`, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  private async json<T>(path: string, init: RequestInit = {}, expected = 200): Promise<T> {
    const response = await this.send(path, init);
    const body = await response.text();
    if (response.status !== expected)
      throw new JourneyError(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.slice(0, 200)}`);
    return JSON.parse(body) as T;
  }

  private postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}, expected = 200) {
    return this.json<T>(
      `${API_PREFIX}${path}`,
      {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      },
      expected,
    );
  }

  private catalogue<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const search = new URLSearchParams(query).toString();
    return this.json<T>(`${API_PREFIX}${path}${search ? `?${search}` : ''}`);
  }

  /** The home page and its boot data, then authorisation: what the app does before its first screen. */
  private async arrive(): Promise<void> {
    const page = await this.send('/');
    const html = await page.text();
    const boot = BOOT_DATA.exec(html)?.[1];
    if (page.status !== 200 || !boot) throw new JourneyError(`GET /: ${page.status}, no boot data`);
    const { userId } = JSON.parse(boot) as { userId: number };
    await this.postJson(actionPaths.authorizeUser, { userId });
  }

  private async upload(photo: Uint8Array): Promise<string> {
    const form = new FormData();
    form.set(IMAGE_UPLOAD_FIELD, new Blob([Buffer.from(photo)], { type: 'image/jpeg' }), 'kitchen.jpg');
    const verdict = await this.json<{ isSafe: boolean; imageId: string | null }>(
      `${API_PREFIX}${actionPaths.validateImageContent}`,
      { method: 'POST', body: form },
    );
    if (!verdict.isSafe || !verdict.imageId) throw new JourneyError('the kitchen photo was judged unsafe');
    return verdict.imageId;
  }

  /** The wizard's reads, step by step, each choosing the first answer; the ids the generation needs. */
  private async walkCatalogue(): Promise<{ frontalId: string; worktopId: string }> {
    const first = <T>(values: T[], what: string): T => {
      const [value] = values;
      if (value === undefined) throw new JourneyError(`the catalogue offered no ${what}`);
      return value;
    };
    const paths = cataloguePaths;
    const { groups: doorStyles } = await this.catalogue<{ groups: string[] }>(paths.doorStyleGroups.path);
    const door_style_group = first(doorStyles, 'door style');
    const { handles } = await this.catalogue<{ handles: string[] }>(paths.handleStyles.path, {
      door_style_group,
    });
    const is_handleless = String(/^(handleless|yes|true)$/i.test(first(handles, 'handle style').trim()));
    const { finishes } = await this.catalogue<{ finishes: string[] }>(paths.finishes.path, {
      door_style_group,
      is_handleless,
    });
    const finish = first(finishes, 'finish');
    const { groups: frontGroups } = await this.catalogue<{ groups: string[] }>(
      paths.frontalColourGroups.path,
      {
        door_style_group,
        finish,
        is_handleless,
      },
    );
    const { frontals } = await this.catalogue<{ frontals: { id: string }[] }>(paths.frontalPreviews.path, {
      door_style_group,
      is_handleless,
      finish,
      colour_group: first(frontGroups, 'front colour group'),
    });
    const { materials } = await this.catalogue<{ materials: string[] }>(paths.worktopMaterials.path);
    const material = first(materials, 'worktop material');
    const { groups: worktopGroups } = await this.catalogue<{ groups: string[] }>(
      paths.worktopColourGroups.path,
      {
        material,
      },
    );
    const colour_group = first(worktopGroups, 'worktop colour group');
    const { colours } = await this.catalogue<{ colours: { colour: string }[] }>(
      paths.worktopColours.path.replace(':group', encodeURIComponent(colour_group)),
      { material, colour_group },
    );
    const { worktops } = await this.catalogue<{ worktops: { id: string }[] }>(paths.worktopPreviews.path, {
      material,
      colour_group,
      colour: first(colours, 'worktop colour').colour,
    });
    return { frontalId: first(frontals, 'front').id, worktopId: first(worktops, 'worktop').id };
  }

  private async followJob(id: string): Promise<Job> {
    const deadline = performance.now() + JOB_DEADLINE_MS;
    while (performance.now() < deadline) {
      const { job } = await this.json<{ job: Job }>(`${API_PREFIX}${jobPaths.job.replace(':id', id)}`);
      if (['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
      await sleep(POLL_INTERVAL_MS);
    }
    throw new JourneyError(`job ${id} did not end within ${JOB_DEADLINE_MS / 1000} s`);
  }

  /** The whole journey; throws a JourneyError naming the step that went wrong. */
  async journey(photo: Uint8Array, key: string): Promise<void> {
    await this.arrive();
    const imageId = await this.upload(photo);
    const choices = await this.walkCatalogue();
    const { job } = await this.postJson<{ job: Job }>(
      actionPaths.generateKitchen,
      { imageId, emptyRoomId: null, shape: 'l-shaped', hasIsland: true, ...choices },
      { [IDEMPOTENCY_KEY_HEADER]: key },
      202,
    );
    const ended = await this.followJob(job.id);
    if (ended.state !== 'succeeded' || !ended.resultImageId)
      throw new JourneyError(`job ${job.id} ended ${ended.state}: ${ended.error ?? ''}`);
    const picture = await this.send(imageUrl(ended.resultImageId));
    const bytes = await picture.arrayBuffer();
    if (picture.status !== 200 || bytes.byteLength === 0)
      throw new JourneyError(`the result ${ended.resultImageId}: ${picture.status}`);
  }
}
