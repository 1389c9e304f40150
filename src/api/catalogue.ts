// The catalogue lookups (spec §7): one entry per endpoint saying where it lives, which query it takes and how
// its answer is checked, then one fetcher and one `queryOptions` factory over them. The statechart's invoked
// loads and the preload on intent both go through `catalogueQueryOptions`, so they share TanStack's cache.
import { queryOptions } from '@tanstack/react-query';
import { cataloguePaths } from '../../contract/endpoints';
import type {
  CatalogueItems,
  CatalogueKind,
  CatalogueParams,
  CatalogueRequest,
  CatalogueResult,
} from '../../machines/kitchen/catalogue';
import type { ApiClient } from './client';
import { parseResponse, withSchemas } from './parse-response';
import { ApiHttpError } from './request-errors';

/** Loaded on demand: the contract's schemas bring zod (see `withSchemas`). */
const catalogueContract = () => import('../../contract/catalogue');
type CatalogueSchemas = Awaited<ReturnType<typeof catalogueContract>>;

/** A lookup's parameters once every one is known. */
type Known<T> = { [P in keyof T]: NonNullable<T[P]> };

interface Lookup<K extends CatalogueKind> {
  /** What the user would call it, for error messages. */
  label: string;
  path: (params: Known<CatalogueParams[K]>) => string;
  query: (params: Known<CatalogueParams[K]>) => Record<string, string>;
  /** Checks an answer with the contract's schemas and reads its list; `label` names the lookup in the error. */
  parse: (schemas: CatalogueSchemas, body: unknown, label: string) => CatalogueItems[K];
}

const flag = (value: boolean) => (value ? 'true' : 'false');

const lookup = <K extends CatalogueKind>(
  kind: K,
  label: string,
  parts: Omit<Lookup<K>, 'label' | 'path'> & Partial<Pick<Lookup<K>, 'path'>>,
): Lookup<K> => ({ label, path: () => cataloguePaths[kind].path, ...parts });

const catalogueLookups: { [K in CatalogueKind]: Lookup<K> } = {
  worktopMaterials: lookup('worktopMaterials', 'worktop materials', {
    query: () => ({}),
    parse: (schemas, body, label) => parseResponse(label, schemas.worktopMaterialsResponse, body).materials,
  }),
  worktopColourGroups: lookup('worktopColourGroups', 'worktop color groups', {
    query: ({ material }) => ({ material }),
    parse: (schemas, body, label) => parseResponse(label, schemas.worktopColourGroupsResponse, body).groups,
  }),
  worktopColours: lookup('worktopColours', 'worktop colors', {
    path: ({ colourGroup }) =>
      cataloguePaths.worktopColours.path.replace(':group', encodeURIComponent(colourGroup)),
    query: ({ material, colourGroup }) => ({ material, colour_group: colourGroup }),
    parse: (schemas, body, label) =>
      parseResponse(label, schemas.worktopColoursResponseLenient, body).colours,
  }),
  worktopPreviews: lookup('worktopPreviews', 'worktop finishes', {
    query: ({ material, colourGroup, colour }) => ({ material, colour_group: colourGroup, colour }),
    parse: (schemas, body, label) => parseResponse(label, schemas.worktopPreviewsResponse, body).worktops,
  }),
  doorStyleGroups: lookup('doorStyleGroups', 'door styles', {
    query: () => ({}),
    parse: (schemas, body, label) => parseResponse(label, schemas.doorStyleGroupsResponse, body).groups,
  }),
  handleStyles: lookup('handleStyles', 'handle styles', {
    query: ({ doorStyleGroup }) => ({ door_style_group: doorStyleGroup }),
    parse: (schemas, body, label) => parseResponse(label, schemas.handleStylesResponse, body).handles,
  }),
  finishes: lookup('finishes', 'front finishes', {
    query: ({ doorStyleGroup, isHandleless }) => ({
      door_style_group: doorStyleGroup,
      is_handleless: flag(isHandleless),
    }),
    parse: (schemas, body, label) => parseResponse(label, schemas.finishesResponse, body).finishes,
  }),
  frontalColourGroups: lookup('frontalColourGroups', 'front color groups', {
    query: ({ doorStyleGroup, finish, isHandleless }) => ({
      door_style_group: doorStyleGroup,
      finish,
      is_handleless: flag(isHandleless),
    }),
    parse: (schemas, body, label) => parseResponse(label, schemas.frontalColourGroupsResponse, body).groups,
  }),
  frontalPreviews: lookup('frontalPreviews', 'front colors', {
    query: ({ doorStyleGroup, isHandleless, finish, colourGroup }) => ({
      door_style_group: doorStyleGroup,
      is_handleless: flag(isHandleless),
      finish,
      colour_group: colourGroup,
    }),
    parse: (schemas, body, label) => parseResponse(label, schemas.frontalPreviewsResponse, body).frontals,
  }),
};

/** The names of a request's parameters that are still unknown. */
const missingParams = (request: CatalogueRequest) =>
  Object.entries(request.params)
    .filter(([, value]) => value === null)
    .map(([name]) => name);

/**
 * Fetches one lookup and checks its answer. A 404 means "nothing for these choices" and reads as an empty list
 * (spec §8); a request whose parameters are not all known is refused before anything is sent.
 */
export async function fetchCatalogue(
  api: ApiClient,
  request: CatalogueRequest,
  signal?: AbortSignal,
): Promise<CatalogueResult> {
  // The union of kinds narrows poorly through a table; each entry is typed per kind above.
  const entry = catalogueLookups[request.kind] as unknown as Lookup<CatalogueKind>;
  const missing = missingParams(request);
  if (missing.length > 0) {
    throw new Error(`The ${entry.label} cannot be loaded before ${missing.join(', ')} is chosen.`);
  }
  const params = request.params as Known<CatalogueParams[CatalogueKind]>;
  try {
    const { schemas, answer } = await withSchemas(
      catalogueContract,
      api.request(entry.path(params), { query: entry.query(params), signal }),
    );
    return { kind: request.kind, items: entry.parse(schemas, answer, entry.label) } as CatalogueResult;
  } catch (error) {
    if (error instanceof ApiHttpError && error.status === 404) {
      return { kind: request.kind, items: [] } as CatalogueResult;
    }
    throw error;
  }
}

/** The cache key of a lookup: its kind and its parameters, as the machine built them. */
export const catalogueQueryKey = (request: CatalogueRequest) =>
  ['catalogue', request.kind, request.params] as const;

export const catalogueQueryOptions = (api: ApiClient, request: CatalogueRequest) =>
  queryOptions({
    queryKey: catalogueQueryKey(request),
    queryFn: ({ signal }) => fetchCatalogue(api, request, signal),
  });
