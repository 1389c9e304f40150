// The query cache's defaults (spec §9) and the loadCatalogue actor that reads through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { CatalogueRequest } from '../../machines/kitchen/catalogue';
import { loadCatalogueActor } from '../../src/actors/load-catalogue';
import { catalogueQueryKey, catalogueQueryOptions } from '../../src/api/catalogue';
import { type ApiClient, createApiClient } from '../../src/api/client';
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

  const run = (logic: ReturnType<typeof loadCatalogueActor>, input: CatalogueRequest) =>
    toPromise(createActor(logic, { input }).start());

  it('answers a second load from the cache while it is fresh', async () => {
    const logic = loadCatalogueActor(api, createQueryClient());
    const request: CatalogueRequest = { kind: 'worktopMaterials', params: {} };
    expect(await run(logic, request)).toEqual({ kind: 'worktopMaterials', items: ['Quartz', 'Laminate'] });
    expect(await run(logic, request)).toEqual({ kind: 'worktopMaterials', items: ['Quartz', 'Laminate'] });
    expect(seen.materials).toBe(1);
  });

  it('uses what a preload on intent fetched, and a preload always asks again', async () => {
    const queryClient = createQueryClient();
    const request: CatalogueRequest = { kind: 'worktopMaterials', params: {} };
    const before = seen.materials;
    await queryClient.prefetchQuery({
      ...catalogueQueryOptions(api, request),
      staleTime: PRELOAD_STALE_TIME_MS,
    });
    await run(loadCatalogueActor(api, queryClient), request);
    expect(seen.materials - before).toBe(1);
    await queryClient.prefetchQuery({
      ...catalogueQueryOptions(api, request),
      staleTime: PRELOAD_STALE_TIME_MS,
    });
    expect(seen.materials - before).toBe(2);
  });

  it('cancels the HTTP request when the machine stops the load', async () => {
    const actor = createActor(loadCatalogueActor(api, createQueryClient()), {
      input: { kind: 'doorStyleGroups', params: {} },
    }).start();
    await expect.poll(() => seen.slowStarted).toBe(1);
    actor.stop();
    await expect.poll(() => seen.slowClosed).toBe(1);
  });
});
