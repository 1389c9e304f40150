// Composes the server: security first (headers, cross-site check, rate limit), then the API under /api/v1
// behind the session, then the app shell with its history fallback.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../contract/endpoints';
import { createAccountStore } from './accounts/account-store';
import { createCeremonies } from './accounts/ceremony';
import { createChallengeStore } from './accounts/challenge-store';
import { accountRoutes } from './accounts/routes';
import { installAppShell } from './app-shell/app-shell';
import { catalogueRoutes } from './catalogue/routes';
import { type Config, DEFAULT_IMAGE_RETENTION_DAYS, DEFAULT_TIMEOUTS } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { photoWorkIn } from './generation/picture-work/photo-work';
import { createGenerationProvider, DEFAULT_GENERATION_PROVIDER } from './generation/provider-registry';
import { installPublicScheme } from './http/public-scheme';
import { imageIntake, pictureErrors } from './images/intake-work';
import { surfaceMaskRoutes } from './images/mask-routes';
import { imageRoutes } from './images/routes';
import { openImageStorage } from './images/store/open-image-storage';
import { startSweeper } from './images/store/sweeper';
import { jobQueue } from './jobs/job-queue';
import { createJobStore } from './jobs/job-store';
import { type Moderator, observed } from './moderation/moderator';
import { myDataRoutes } from './my-data/routes';
import { openApiRoutes } from './openapi/routes';
import { closeConnectionsAsTheyFallIdle } from './ops/close-idle-while-closing';
import { installHealthRoutes } from './ops/health-routes';
import { type LogDestination, loggerOptions } from './ops/logger-options';
import { createReadiness } from './ops/readiness';
import { serverTimeoutOptions } from './ops/timeouts';
import { PIXEL_THREAD } from './pixel-thread';
import { pixelPoolSettings } from './pixels/pixel-pool';
import { pixelRoom } from './pixels/pixel-room';
import { createQuota } from './quota/quota';
import { installCrossSiteCheck } from './security/cross-site';
import { installErrorHandler } from './security/error-handler';
import { installSecurityHeaders } from './security/headers';
import { installRateLimit } from './security/rate-limit';
import { fastifyTrustProxy } from './security/trust-proxy';
import { shareOwnerRoutes } from './sharing/owner-routes';
import { sharePageRoutes } from './sharing/page-routes';
import { loadPriceList } from './sharing/price-list';
import { createShareStore } from './sharing/share-store';
import { adminRoutes } from './users/admin-routes';
import { userRoutes } from './users/routes';
import { createSessions, installSession } from './users/session';
import { installSessionCleanup } from './users/session-cleanup';
import { createSessionStore, DEFAULT_SESSION_LIFETIME } from './users/session-store';
import { createUserStore } from './users/user-store';

/** JSON bodies are small (ids, choices); photos arrive as multipart, whose limit the image routes set. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface ServerParts {
  /** A database the caller opened and will close (tests share one per file); otherwise opened from config. */
  db?: Database;
  moderator?: Moderator;
  /** Log lines as JSON here instead of stdout (at `config.logLevel`). */
  logDestination?: LogDestination;
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
    restart: () => void loaded?.then((real) => real.restart?.()),
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
    logger: await loggerOptions(config, undefined, parts.logDestination),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    schemaController: { compilersFactory: noRouteSchemaCompilers },
    ...serverTimeoutOptions(config.timeouts ?? DEFAULT_TIMEOUTS),
    // While closing, a new request on a kept-alive connection is answered 503 with `Connection: close`.
    return503OnClosing: true,
  });
  closeConnectionsAsTheyFallIdle(app);
  const db = parts.db ?? (await openDatabase(config));
  if (!parts.db) app.addHook('onClose', () => db.close());

  const users = createUserStore(db, config.generationLimit);
  const sessionLifetime = config.sessionLifetime ?? DEFAULT_SESSION_LIFETIME;
  const sessionStore = createSessionStore(db, config.generationLimit, sessionLifetime);
  const sessions = createSessions(sessionStore, sessionLifetime);
  installSessionCleanup(app, sessionStore);
  const accounts = createAccountStore(db);
  const deferred = deferredModerator(config, app.log);
  if (!parts.moderator) app.addHook('onListen', async () => deferred.warm());
  const quota = createQuota(db, {
    networkDailyLimit: config.generationNetworkDailyLimit,
    dailyBudget: config.generationDailyBudget,
  });
  const imageStorage = await openImageStorage(config, db);
  const images = imageStorage.store;
  // Expired images and old jobs are swept by every instance; each step is idempotent.
  let stopSweeper = () => {};
  app.addHook('onListen', async () => {
    stopSweeper = startSweeper(imageStorage.sweep, ({ counts, error }) =>
      error ? app.log.error({ err: error }, 'the image sweep failed') : app.log.info(counts, 'image sweep'),
    );
  });
  app.addHook('onClose', async () => stopSweeper());
  const pixelSettings = pixelPoolSettings(config.imagePool);
  await app.register(pixelRoom, { settings: pixelSettings, thread: PIXEL_THREAD, errors: pictureErrors });
  const intake = imageIntake(app.pixels.shared);
  const generationProvider = await createGenerationProvider(config);
  // The one job store: the jobs room works it, the share pages read it.
  const jobs = createJobStore(db);
  const sharing = {
    shares: createShareStore(db),
    jobs,
    images,
    prices: loadPriceList(config.priceListFile),
    publicBaseUrl: config.publicBaseUrl,
  };

  installErrorHandler(app);
  installPublicScheme(app, config.publicBaseUrl);
  installSecurityHeaders(app, config.publicBaseUrl);
  installCrossSiteCheck(app, config.publicBaseUrl);
  // `hook: false`: no route reads `request.cookies`; the session reads its one cookie itself (see users/session).
  await app.register(fastifyCookie, { secret: config.sessionSecret, hook: false });
  await installRateLimit(app, config.rateLimit, db);

  const readiness = createReadiness({
    onFailure: (check, error) => app.log.warn({ err: error, check }, 'readiness check failed'),
  });
  // A short timeout inside the readiness module: a hung database answers 503, not a hung probe.
  readiness.add('database', () => db.query('SELECT 1'));
  readiness.add('images', () => images.ping());
  installHealthRoutes(app, readiness);

  await app.register(openApiRoutes);
  // The catalogue is the same for everyone: it sits outside the session, so the hot path skips the session's
  // query. The operator routes sit outside it too: they act for no user, only behind the service key.
  await app.register(catalogueRoutes, { prefix: API_PREFIX });
  await app.register(adminRoutes, {
    prefix: API_PREFIX,
    sessions: sessionStore,
    accounts,
    serviceApiKey: config.serviceApiKey,
  });
  await app.register(
    async (api) => {
      installSession(api, { sessions, users, serviceApiKey: config.serviceApiKey });
      await api.register(userRoutes, {
        users,
        generationLimit: config.generationLimit,
        imageRetentionDays: config.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS,
        sessionLifetime,
      });
      await api.register(accountRoutes, {
        accounts,
        ceremonies: createCeremonies(createChallengeStore(db)),
        sessions: sessionStore,
        users,
        jobs: sharing.jobs,
        publicBaseUrl: config.publicBaseUrl,
      });
      await api.register(imageRoutes, {
        store: images,
        moderator: parts.moderator ?? deferred.moderator,
        pool: intake,
        moderationTimeoutMs: config.moderationTimeoutMs,
        // The pool's bound on photos in hand and waiting bounds those at moderation too (IMAGE_QUEUE_MAX).
        moderationCapacity: pixelSettings.workers + pixelSettings.queueMax,
      });
      await api.register(surfaceMaskRoutes, { masks: imageStorage.masks, pool: intake });
      await api.register(jobQueue, {
        db,
        jobs,
        images,
        quota,
        provider: generationProvider,
        pictures: {
          inspect: imageIntake(app.pixels.runner).inspect,
          photos: photoWorkIn(app.pixels.runner),
        },
        readMasks: imageStorage.masks.read,
        jobSettings: config.generationJobs,
        databaseUrl: config.databaseUrl,
      });
      await api.register(myDataRoutes, {
        db,
        images,
        masks: imageStorage.masks,
        bytes: imageStorage.bytes,
      });
      await api.register(shareOwnerRoutes, sharing);
    },
    { prefix: API_PREFIX },
  );
  // Share pages are public and outside the session; registered before the app shell's history fallback.
  await app.register(sharePageRoutes, { ...sharing, pool: intake, sessions });
  await installAppShell(app, {
    distDir: config.distDir,
    publicBaseUrl: config.publicBaseUrl,
    sessions,
    imageService: config.generationProvider ?? DEFAULT_GENERATION_PROVIDER,
  });
  return app;
}
