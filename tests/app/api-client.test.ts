// The API client against the real server (catalogue, image check) and against a local server for the
// answers the real one never gives (garbage, silence, other spellings, errors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRequest } from '../../machines/kitchen/catalogue';
import { fetchCatalogue } from '../../src/api/catalogue';
import { type ApiClient, createApiClient } from '../../src/api/client';
import { validateImageContent } from '../../src/api/images';
import { ApiHttpError, REQUEST_FAILED_MESSAGE, RequestFailedError } from '../../src/api/request-errors';
import { kitchenPhoto } from '../../tooling/made-images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../tooling/server';
import { type LocalServer, startLocalServer } from './support/local-server';

const itemsOf = async (api: ApiClient, request: CatalogueRequest) =>
  (await fetchCatalogue(api, request)).items;

describe('against the real server', () => {
  const data = temporaryDir('kr-app-api-');
  let server: RunningServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startServer(testConfig(data.dir));
    api = createApiClient({ baseUrl: server.origin });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    data.remove();
  });

  it('loads and checks every frontal lookup down to the previews', async () => {
    const [doorStyleGroup] = (await itemsOf(api, { kind: 'doorStyleGroups', params: {} })) as string[];
    expect(doorStyleGroup).toEqual(expect.any(String));
    const handles = await itemsOf(api, {
      kind: 'handleStyles',
      params: { doorStyleGroup: doorStyleGroup ?? null },
    });
    expect(handles.length).toBeGreaterThan(0);

    const frontals = { doorStyleGroup: doorStyleGroup ?? null, isHandleless: false };
    let finishes = (await itemsOf(api, { kind: 'finishes', params: frontals })) as string[];
    if (finishes.length === 0) {
      frontals.isHandleless = true;
      finishes = (await itemsOf(api, { kind: 'finishes', params: frontals })) as string[];
    }
    const finish = finishes[0] ?? null;
    const groups = (await itemsOf(api, {
      kind: 'frontalColourGroups',
      params: { ...frontals, finish },
    })) as string[];
    const previews = await itemsOf(api, {
      kind: 'frontalPreviews',
      params: { ...frontals, finish, colourGroup: groups[0] ?? null },
    });
    expect(previews.length).toBeGreaterThan(0);
    expect(previews[0]).toMatchObject({ id: expect.any(String), colour: expect.any(String) });
  });

  it('loads and checks every worktop lookup, colour group names URL-encoded in the path', async () => {
    const materials = (await itemsOf(api, { kind: 'worktopMaterials', params: {} })) as string[];
    expect(materials.length).toBeGreaterThan(0);
    const material = materials[0] ?? null;
    const groups = (await itemsOf(api, { kind: 'worktopColourGroups', params: { material } })) as string[];
    // A group whose name needs encoding proves the path is built right, when the catalogue has one.
    const colourGroup = groups.find((group) => /[^A-Za-z0-9]/.test(group)) ?? groups[0] ?? null;
    const colours = await itemsOf(api, { kind: 'worktopColours', params: { material, colourGroup } });
    expect(colours.length).toBeGreaterThan(0);
    const colour = (colours[0] as { colour: string }).colour;
    const previews = await itemsOf(api, {
      kind: 'worktopPreviews',
      params: { material, colourGroup, colour },
    });
    expect(previews[0]).toMatchObject({ id: expect.any(String), finish: expect.any(String) });
  });

  it('reads a 404 (a material the catalogue does not hold) as an empty list', async () => {
    const groups = await itemsOf(api, { kind: 'worktopColourGroups', params: { material: 'No Such Stone' } });
    expect(groups).toEqual([]);
  });

  it('refuses a lookup whose parameters are not all known, without asking the server', async () => {
    await expect(
      fetchCatalogue(api, { kind: 'finishes', params: { doorStyleGroup: 'Shaker', isHandleless: null } }),
    ).rejects.toThrow(/isHandleless/);
  });

  it('uploads a photo as multipart and reads the verdict', async () => {
    const jpeg = await kitchenPhoto();
    const verdict = await validateImageContent(api, `data:image/jpeg;base64,${jpeg.toString('base64')}`);
    expect(verdict).toMatchObject({ isSafe: true, imageId: expect.any(String) });
  });

  it("shows the server's own message for a rejected upload", async () => {
    const error = await validateImageContent(api, 'data:text/plain;base64,aGVsbG8gd29ybGQ=').catch((e) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect((error as ApiHttpError).status).toBeGreaterThanOrEqual(400);
    expect((error as ApiHttpError).status).toBeLessThan(500);
    expect((error as ApiHttpError).message).not.toMatch(/^The server answered/);
  });
});

describe('against answers the real server never gives', () => {
  let local: LocalServer;
  const received: { accept?: string; contentType?: string }[] = [];
  beforeAll(async () => {
    local = await startLocalServer((app) => {
      app.get('/api/v1/store/frontals/door-styles-groups', async (request) => {
        received.push({ accept: request.headers.accept });
        return { groups: ['Shaker', 42] };
      });
      app.get('/api/v1/store/worktops/materials', async (_request, reply) =>
        reply.type('text/html').send('<html>not json</html>'),
      );
      app.get('/api/v1/store/worktops/colour-groups', async (_request, reply) =>
        reply
          .code(500)
          .send({ statusCode: 500, error: 'Internal Server Error', message: 'The stone store is down.' }),
      );
      app.get('/api/v1/store/worktops/colours-in-group/:group', async (request) => {
        const { material } = request.query as { material: string };
        const colour = { color: 'Carrara', primary_hex: '#EEEEEE' };
        return material === 'bare' ? [colour] : { colors: [colour] };
      });
      app.get('/api/v1/store/worktops/previews', async () => ({
        worktops: [{ id: 'not-a-uuid', finish: 'Honed' }],
      }));
      // Never answers: the client's timeout must end the wait.
      app.get('/api/v1/store/frontals/handle-styles', (_request, _reply) => new Promise(() => {}));
      app.post('/api/v1/users/authorize', async (request) => {
        received.push({ contentType: request.headers['content-type'] });
        return { userId: 7, generationsRemaining: 3, generationLimit: 5 };
      });
    });
  });
  afterAll(() => local?.close());

  const client = (timeoutMs?: number) => createApiClient({ baseUrl: `${local.origin}/`, timeoutMs });

  it('rejects a list holding something other than strings, and asks for JSON', async () => {
    await expect(fetchCatalogue(client(), { kind: 'doorStyleGroups', params: {} })).rejects.toThrow(
      /door styles was not in the expected shape/,
    );
    expect(received[0]?.accept).toContain('application/json');
  });

  it('rejects an answer that is not JSON at all', async () => {
    await expect(fetchCatalogue(client(), { kind: 'worktopMaterials', params: {} })).rejects.toThrow(
      /worktop materials was not in the expected shape/,
    );
  });

  it('rejects a preview whose id is not a uuid', async () => {
    const request: CatalogueRequest = {
      kind: 'worktopPreviews',
      params: { material: 'Quartz', colourGroup: 'Whites', colour: 'Carrara' },
    };
    await expect(fetchCatalogue(client(), request)).rejects.toThrow(/id/);
  });

  it("rethrows other HTTP errors with the server's message", async () => {
    const error = await fetchCatalogue(client(), {
      kind: 'worktopColourGroups',
      params: { material: 'Quartz' },
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(error).toMatchObject({ status: 500, message: 'The stone store is down.' });
  });

  it('accepts the colour list as {colors} or a bare array, spelled `color`', async () => {
    for (const material of ['spelled', 'bare']) {
      const { items } = await fetchCatalogue(client(), {
        kind: 'worktopColours',
        params: { material, colourGroup: 'Whites' },
      });
      expect(items).toEqual([{ colour: 'Carrara', primary_hex: '#EEEEEE' }]);
    }
  });

  it('turns a server that never answers into the friendly request error once the timeout passes', async () => {
    const startedAt = performance.now();
    const error = await fetchCatalogue(client(300), {
      kind: 'handleStyles',
      params: { doorStyleGroup: 'Shaker' },
    }).catch((e) => e);
    console.info(`timeout of 300 ms surfaced after ${Math.round(performance.now() - startedAt)} ms`);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect(error).toMatchObject({ reason: 'timeout', message: REQUEST_FAILED_MESSAGE });
  });

  it('turns a cancelled request into the same friendly error', async () => {
    const controller = new AbortController();
    const pending = fetchCatalogue(
      client(),
      { kind: 'handleStyles', params: { doorStyleGroup: 'Shaker' } },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ reason: 'cancelled', message: REQUEST_FAILED_MESSAGE });
  });

  it('turns an unreachable server into the same friendly error', async () => {
    const closed = await startLocalServer(() => {});
    await closed.close();
    const api = createApiClient({ baseUrl: closed.origin });
    await expect(fetchCatalogue(api, { kind: 'doorStyleGroups', params: {} })).rejects.toMatchObject({
      reason: 'network',
      message: REQUEST_FAILED_MESSAGE,
    });
  });

  it('sends a JSON body with a JSON content type', async () => {
    await client().request('/users/authorize', { method: 'POST', body: { userId: 7 } });
    expect(received.at(-1)?.contentType).toMatch(/^application\/json/);
  });
});
