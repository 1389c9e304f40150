import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../../contract/endpoints';
import { catalogueRoutes } from '../../../server/catalogue/routes';

/** A Fastify instance with the catalogue plugin registered the way the server core registers it. */
export async function buildCatalogueApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(catalogueRoutes, { prefix: API_PREFIX });
  await app.ready();
  return app;
}

/** A catalogue path with its `:group` filled in (URL-encoded) and a query string. */
export function catalogueUrl(path: string, query: Record<string, string> = {}, group?: string): string {
  const filled = group === undefined ? path : path.replace(':group', encodeURIComponent(group));
  const search = new URLSearchParams(query).toString();
  return `${API_PREFIX}${filled}${search ? `?${search}` : ''}`;
}
