// Composes the server: security first (headers, cross-site check, rate limit), then the API under /api/v1
// behind the session, then the app shell with its history fallback.
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../contract/endpoints';
import { installAppShell } from './app-shell/app-shell';
import { catalogueRoutes } from './catalogue/routes';
import { type Config, DEFAULT_IMAGE_RETENTION_DAYS } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { createGenerationProvider } from './generation/provider-registry';
import { generationRoutes } from './generation/routes';
import { createDiskImageStore } from './images/disk-image-store';
import { imageRoutes } from './images/routes';
import { type Moderator, observed } from './moderation/moderator';
import { openApiRoutes } from './openapi/routes';
import { createQuota } from './quota/quota';
import { installCrossSiteCheck } from './security/cross-site';
import { installErrorHandler } from './security/error-handler';
import { installSecurityHeaders } from './security/headers';
import { installRateLimit } from './security/rate-limit';
import { userRoutes } from './users/routes';
import { createSessions, installSession } from './users/session';
import { createUserStore } from './users/user-store';

/** JSON bodies are small (ids, choices); photos arrive as multipart, whose limit the image routes set. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface ServerParts {
  /** A database the caller opened and will close (tests share one per file); otherwise opened from config. */
  db?: Database;
  moderator?: Moderator;
}

/**
 * The configured moderator, loaded on first use or once the server listens, whichever comes first. The nsfw
 * model runs in a thread of its own (moderation/moderation-thread.ts), so neither loading it nor scoring holds
 * up a request; importing even the client waits until after start, which stays within its budget. With
 * `MODERATION_OPENAI`, OpenAI is asked about what the local moderator passes; its failures are only logged.
 */
function deferredModerator(
  config: Pick<Config, 'moderation' | 'openAiModeration'>,
  log: Pick<FastifyInstance['log'], 'warn'>,
): { moderator: Moderator; warm: () => void } {
  let loaded: Promise<Moderator> | undefined;
  const loadLocal = (): Promise<Moderator> =>
    config.moderation === 'rule'
      ? import('./moderation/rule-moderator').then((module) => module.createRuleModerator())
      : import('./moderation/moderation-thread').then((module) => module.createThreadedModerator());
  const load = () => {
    loaded ??= config.openAiModeration
      ? Promise.all([loadLocal(), import('./moderation/openai-moderator')]).then(([local, openAi]) =>
          openAi.withOpenAiModeration(local, (error) =>
            log.warn({ err: error }, 'OpenAI moderation failed; the local verdict stands'),
          ),
        )
      : loadLocal();
    return loaded;
  };
  const moderator: Moderator = {
    get ready() {
      return observed(load().then((real) => real.ready));
    },
    classify: async (image) => (await load()).classify(image),
  };
  return { moderator, warm: () => void moderator.ready.catch(() => {}) };
}

export const ROUTE_SCHEMAS_UNUSED =
  'Fastify route schemas are not used here: parse input with zod (server/http/parse.ts).';

/**
 * Input is parsed with zod (server/http/parse.ts) and answers are plain JSON, so Fastify's own JSON-schema
 * compilers are never needed. Providing these stops Fastify loading ajv and fast-json-stringify at start (about a
 * tenth of a second), and a route given a schema by mistake fails at registration instead of half-validating.
 */
const noRouteSchemaCompilers = {
  buildValidator: () => () => {
    throw new Error(ROUTE_SCHEMAS_UNUSED);
  },
  buildSerializer: () => () => {
    throw new Error(ROUTE_SCHEMAS_UNUSED);
  },
};

export async function buildServer(config: Config, parts: ServerParts = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    schemaController: { compilersFactory: noRouteSchemaCompilers },
  });
  const db = parts.db ?? (await openDatabase(config));
  if (!parts.db) app.addHook('onClose', () => db.close());

  const users = createUserStore(db, config.generationLimit);
  const sessions = createSessions(users);
  const deferred = deferredModerator(config, app.log);
  if (!parts.moderator) app.addHook('onListen', async () => deferred.warm());
  const quota = createQuota(db);
  const images = createDiskImageStore(path.join(config.dataDir, 'images'));
  const generationProvider = await createGenerationProvider(config);

  installErrorHandler(app);
  installSecurityHeaders(app, config.publicBaseUrl);
  installCrossSiteCheck(app, config.publicBaseUrl);
  // `hook: false`: no route reads `request.cookies`; the session reads its one cookie itself (see users/session).
  await app.register(fastifyCookie, { secret: config.sessionSecret, hook: false });
  await installRateLimit(app, config.rateLimit);

  await app.register(openApiRoutes);
  // The catalogue is the same for everyone: it sits outside the session, so a read never creates a guest
  // (a script could otherwise fill the users table) and the hot path skips the session hook.
  await app.register(catalogueRoutes, { prefix: API_PREFIX });
  await app.register(
    async (api) => {
      installSession(api, { sessions, users, serviceApiKey: config.serviceApiKey });
      await api.register(userRoutes, {
        users,
        generationLimit: config.generationLimit,
        imageRetentionDays: config.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS,
      });
      await api.register(imageRoutes, {
        store: images,
        moderator: parts.moderator ?? deferred.moderator,
      });
      await api.register(generationRoutes, { db, images, quota, provider: generationProvider });
    },
    { prefix: API_PREFIX },
  );
  await installAppShell(app, { distDir: config.distDir, publicBaseUrl: config.publicBaseUrl, sessions });
  return app;
}
