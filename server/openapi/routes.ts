import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX } from '../../contract/endpoints';
import { buildOpenApiDocument } from './document';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

/** Registered outside the session scope: reading the document creates no guest user. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  const document = JSON.stringify(buildOpenApiDocument());
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
};
