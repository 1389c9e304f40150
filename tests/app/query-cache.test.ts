// The query cache's defaults (spec §9), made on first use, and the loadCatalogue actor that reads through it.
import type { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { CatalogueRequest } from '../../machines/kitchen/catalogue';
import { loadCatalogue, preloadCatalogue } from '../../src/actors/load-catalogue';
import { catalogueQueryKey } from '../../src/api/catalogue';
import { type ApiClient, createApiClient } from '../../src/api/client';
import { createLazyQueryClient } from '../../src/api/lazy-query-client';
import {
  CATALOGUE_GC_TIME_MS,
  CATALOGUE_STALE_TIME_MS,
  createQueryClient,
  PRELOAD_STALE_TIME_MS,
} from '../../src/api/query-client';
import { type LocalServer, startLocalServer } from './support/local-server';

describe('the query client', () => {
  it('keeps catalogue data fresh 5 minutes, 30 minutes in memory, and never retries or refetches by itself', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(CATALOGUE_STALE_TIME_MS).toBe(300_000);
    expect(CATALOGUE_GC_TIME_MS).toBe(1_800_000);
    expect(PRELOAD_STALE_TIME_MS).toBe(0);
    expect(defaults).toMatchObject({
      staleTime: 300_000,
      gcTime: 1_800_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
    });
  });

  it('keys a lookup by its kind and parameters', () => {
    const request: CatalogueRequest = { kind: 'worktopColourGroups', params: { material: 'Quartz' } };
    expect(catalogueQueryKey(request)).toEqual(['catalogue', 'worktopColourGroups', { material: 'Quartz' }]);
  });
});

describe('the query cache made on first use', () => {
  it('is made once, on the first call, and every call answers that same cache', async () => {
    const lazy = createLazyQueryClient();
    const [first, second] = await Promise.all([lazy.get(), lazy.get()]);
    expect(first).toBe(second);
    expect(await lazy.get()).toBe(first);
    expect(first.getDefaultOptions().queries).toMatchObject({
      staleTime: CATALOGUE_STALE_TIME_MS,
      retry: false,
    });
  });

  it('makes nothing to clear a cache never made, and empties one that was', async () => {
    let made = 0;
    const lazy = createLazyQueryClient(async () => {
      made += 1;
      return createQueryClient();
    });
    await lazy.clear();
    expect(made).toBe(0);
    const client = await lazy.get();
    client.setQueryData(['catalogue', 'worktopMaterials', {}], {
      kind: 'worktopMaterials',
      items: ['Quartz'],
    });
    await lazy.clear();
    expect(client.getQueryData(['catalogue', 'worktopMaterials', {}])).toBeUndefined();
    expect(made).toBe(1);
  });

  it('reads a cache whose code could not be fetched as the server out of reach, and tries again next time', async () => {
    let attempts = 0;
    const lazy = createLazyQueryClient(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return createQueryClient();
    });
    await expect(lazy.get()).rejects.toMatchObject({ name: 'RequestFailedError', reason: 'network' });
    await lazy.clear();
    expect(await lazy.get()).toBe(await lazy.get());
    expect(attempts).toBe(2);
  });
});

describe('the loadCatalogue actor', () => {
  let local: LocalServer;
  let api: ApiClient;
  const seen = { materials: 0, slowStarted: 0, slowClosed: 0 };
  beforeAll(async () => {
    local = await startLocalServer((app) => {
      app.get('/api/v1/store/worktops/materials', async () => {
        seen.materials += 1;
        return { materials: ['Quartz', 'Laminate'] };
      });
      app.get('/api/v1/store/frontals/door-styles-groups', (request) => {
        seen.slowStarted += 1;
        request.raw.once('close', () => {
          seen.slowClosed += 1;
        });
        return new Promise(() => {});
      });
    });
    api = createApiClient({ baseUrl: local.origin });
  });
  afterAll(() => local?.close());

  const loadCatalogueActor = (queryClient: QueryClient) => fromPromise(loadCatalogue(api, queryClient));
  const run = (logic: ReturnType<typeof loadCatalogueActor>, input: CatalogueRequest) =>
    toPromise(createActor(logic, { input }).start());

  it('answers a second load from the cache while it is fresh', async () => {
    const logic = loadCatalogueActor(createQueryClient());
    const request: CatalogueRequest = { kind: 'worktopMaterials', params: {} };
    expect(await run(logic, request)).toEqual({ kind: 'worktopMaterials', items: ['Quartz', 'Laminate'] });
    expect(await run(logic, request)).toEqual({ kind: 'worktopMaterials', items: ['Quartz', 'Laminate'] });
    expect(seen.materials).toBe(1);
  });

  it('uses what a preload on intent fetched, and a preload always asks again', async () => {
    const queryClient = createQueryClient();
    const request: CatalogueRequest = { kind: 'worktopMaterials', params: {} };
    const before = seen.materials;
    await preloadCatalogue(api, queryClient, request);
    await run(loadCatalogueActor(queryClient), request);
    expect(seen.materials - before).toBe(1);
    await preloadCatalogue(api, queryClient, request);
    expect(seen.materials - before).toBe(2);
  });

  it('cancels the HTTP request when the machine stops the load', async () => {
    const actor = createActor(loadCatalogueActor(createQueryClient()), {
      input: { kind: 'doorStyleGroups', params: {} },
    }).start();
    await expect.poll(() => seen.slowStarted).toBe(1);
    actor.stop();
    await expect.poll(() => seen.slowClosed).toBe(1);
  });
});
