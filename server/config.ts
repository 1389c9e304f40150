// The server's whole configuration, read once from the environment and validated, so a typo stops the start
// with a clear message instead of surfacing later as odd behaviour.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './images/store/s3-bytes';
import type { PixelPoolSettings } from './pixels/pixel-pool';

export type ModerationMode = 'nsfw' | 'rule';

/** Where image bytes live (`IMAGE_STORE`); the `images` table holds the rest on every backend. */
export type ImageBytesSetting =
  | { backend: 'disk' }
  | { backend: 'database' }
  | { backend: 's3'; s3: S3Settings };

export const DEFAULT_IMAGE_RETENTION_DAYS = 30;
export const DEFAULT_IMAGE_STORAGE_PER_USER_MB = 200;

/** Without `IMAGE_STORE`: in the database when there is a shared one, on local disk otherwise. */
export const defaultImageBytes = (databaseUrl: string | undefined): ImageBytesSetting =>
  databaseUrl ? { backend: 'database' } : { backend: 'disk' };

export interface Config {
  port: number;
  host: string;
  /** Holds the PGlite database (`pg/`), uploaded images (`images/`) and the generated session secret. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  /** The built app (`vite build`). */
  distDir: string;
  generationLimit: number;
  /** Signs the session cookie; at least 32 characters. */
  sessionSecret: string;
  /**
   * A session ends after this many days without a request, and in any case `maxDays` after it began. Optional so
   * configs built by hand need not name it (the session's defaults apply).
   */
  sessionLifetime?: { idleDays: number; maxDays: number };
  serviceApiKey: string | undefined;
  /** Boot data `baseUrl`: where the app finds the API; empty means the page's own origin. */
  publicBaseUrl: string;
  moderation: ModerationMode;
  /**
   * Also ask OpenAI's moderation endpoint about photos the local model passes (`MODERATION_OPENAI`). Off unless
   * asked for, so nothing leaves the machine by default; optional so configs built by hand need not name it.
   */
  openAiModeration?: boolean;
  /** Per client network, on state-changing routes only (catalogue reads are not limited). */
  rateLimit: { max: number; windowMs: number };
  /**
   * Which reverse proxies' `X-Forwarded-*` to believe (the client address, and TLS for the Secure cookie): none
   * (`false`), the nearest `n` hops, or the proxies at these addresses/CIDRs. Never "all": see TRUST_PROXY.
   */
  trustProxy: TrustProxy;
  /** Guests' generations per client network (IPv4 address, IPv6 /64) per UTC day; 0 turns the bound off. */
  generationNetworkDailyLimit: number;
  /** Paid provider generations per UTC day across all users; null: unlimited. Ignored for `local`. */
  generationDailyBudget: number | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `LOG_FORMAT`: absent means pretty on a terminal, JSON otherwise (server/ops/logger-options.ts). */
  logFormat?: 'pretty' | 'json';
  /**
   * The generation provider's name in `server/generation/provider-registry.ts`; `local` (the offline concept
   * renderer) when absent. Optional so configs built by hand (tests) need not name it.
   */
  generationProvider?: string;
  /** Optional so configs built by hand need not name them; absent means the defaults above. */
  imageBytes?: ImageBytesSetting;
  /** Days an image (and an ended generation job) is kept (`IMAGE_RETENTION_DAYS`). */
  imageRetentionDays?: number;
  /** Uploads past this many stored MB per user are refused (`IMAGE_STORAGE_PER_USER_MB`). */
  imageStoragePerUserMb?: number;
  /** Server timeouts; optional so configs built by hand (tests) need not name them (defaults below). */
  timeouts?: ServerTimeouts;
  /** How long a stopping server lets in-flight requests finish before closing their connections. */
  shutdownGraceMs?: number;
  /**
   * How long a stopping server keeps serving while /readyz answers 503, so load balancers see it leave before
   * its listener closes (`SHUTDOWN_DELAY_MS`, 0: close at once; new connections are then refused).
   */
  shutdownDelayMs?: number;
  /** Leases, wake-ups and retries of generation jobs (docs/operations.md); defaults when absent. */
  generationJobs?: GenerationJobSettings;
  /** The picture threads (pixels/pixel-pool.ts); what is not named takes its default there. */
  imagePool?: Partial<PixelPoolSettings>;
  /** A moderation that takes longer fails its upload with 503 (`MODERATION_TIMEOUT_MS`). */
  moderationTimeoutMs?: number;
  /** A JSON price list for the spec sheet (`PRICE_LIST_FILE`, server/sharing/price-list.ts); none: no prices. */
  priceListFile?: string;
}

/** How long a client may take, so a trickled upload or a silent connection cannot hold a socket for ever. */
export interface ServerTimeouts {
  /** The whole request, headers and body (`REQUEST_TIMEOUT_MS`). */
  requestMs: number;
  /** The headers alone (`HEADERS_TIMEOUT_MS`); capped at `requestMs`. */
  headersMs: number;
  /** An idle keep-alive connection (`KEEP_ALIVE_TIMEOUT_MS`): above a load balancer's idle timeout (often 60 s). */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 120_000,
  headersMs: 20_000,
  keepAliveMs: 72_000,
};
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export interface GenerationJobSettings {
  /** How long a runner's hold on a job lasts without renewal (`GENERATION_LEASE_MS`). */
  leaseMs: number;
  /** The fallback poll for queued work and lapsed leases (`GENERATION_POLL_MS`). */
  pollMs: number;
  /** Takes of one job before it fails and is refunded (`GENERATION_MAX_ATTEMPTS`). */
  maxAttempts: number;
}

export const GENERATION_JOB_DEFAULTS: GenerationJobSettings = {
  leaseMs: 30_000,
  pollMs: 2_000,
  maxAttempts: 3,
};

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole number of at least `min`, or absent when unset or blank (so `VAR=` means the default, not 0). */
const optionalCount = (min: number) =>
  optionalText.pipe(z.coerce.number<string | undefined>().int().min(min).optional());

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export type TrustProxy = false | number | string[];

/** proxy-addr's names for reserved ranges, which Fastify's `trustProxy` list accepts beside addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_ALL_REFUSED =
  '"true" would trust every X-Forwarded-For, so any client could choose its own address and escape the ' +
  'rate limit and the per-network quota. Set the number of proxies in front of the server (e.g. 1) or their ' +
  'addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)';

/** Unset, `false` or `0`: trust nothing; a hop count; or a comma-separated list of proxy addresses/CIDRs. */
const trustProxyText = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustProxy => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({ code: 'custom', message: TRUST_ALL_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a hop count or proxy addresses/CIDRs; not understood: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A small multiple of the per-user limit: a household or office shares one address. */
const NETWORK_LIMIT_PER_USER_LIMIT = 3;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  GENERATION_LIMIT: z.coerce.number().int().min(0).default(5),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_SECRET_FILE: optionalText,
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(400).default(400),
  SERVICE_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  PUBLIC_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MODERATION: z.enum(['nsfw', 'rule']).default('nsfw'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: trustProxyText,
  GENERATION_NETWORK_DAILY_LIMIT: optionalCount(0),
  GENERATION_DAILY_BUDGET: optionalCount(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: optionalText.pipe(z.enum(['pretty', 'json']).optional()),
  // Checked against the registered providers when the server is built; here only its form.
  GENERATION_PROVIDER: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'must be a provider name such as local')
      .optional(),
  ),
  GENERATION_LEASE_MS: z.coerce.number().int().min(1000).default(GENERATION_JOB_DEFAULTS.leaseMs),
  GENERATION_POLL_MS: z.coerce.number().int().min(100).default(GENERATION_JOB_DEFAULTS.pollMs),
  GENERATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(GENERATION_JOB_DEFAULTS.maxAttempts),
  MODERATION_OPENAI: booleanText,
  REQUEST_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.requestMs),
  HEADERS_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.headersMs),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.keepAliveMs),
  SHUTDOWN_GRACE_MS: milliseconds(DEFAULT_SHUTDOWN_GRACE_MS),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  // Read here only to check MODERATION_OPENAI; the OpenAI adapters read them for their own use.
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  IMAGE_STORE: z.enum(['disk', 'database', 's3']).optional(),
  IMAGE_RETENTION_DAYS: z.coerce.number().int().min(1).default(DEFAULT_IMAGE_RETENTION_DAYS),
  IMAGE_STORAGE_PER_USER_MB: z.coerce.number().positive().default(DEFAULT_IMAGE_STORAGE_PER_USER_MB),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText,
  IMAGE_WORKERS: optionalCount(1),
  IMAGE_QUEUE_MAX: optionalCount(0),
  IMAGE_DECODE_TIMEOUT_MS: optionalCount(1),
  IMAGE_WORKER_MEMORY_MB: optionalCount(8),
  MODERATION_TIMEOUT_MS: optionalCount(1),
  PRICE_LIST_FILE: optionalText,
});

type EnvVars = z.infer<typeof envSchema>;

/** S3 needs a bucket, and keys come in pairs (neither means the SDK's own credential chain). */
function checkS3(vars: EnvVars, context: z.RefinementCtx) {
  if (vars.IMAGE_STORE !== 's3') return;
  if (!vars.S3_BUCKET)
    context.addIssue({ code: 'custom', path: ['IMAGE_STORE'], message: 's3 needs S3_BUCKET to be set' });
  if (!vars.S3_ACCESS_KEY_ID !== !vars.S3_SECRET_ACCESS_KEY)
    context.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    });
}

function imageBytesOf(vars: EnvVars): ImageBytesSetting {
  if (vars.IMAGE_STORE !== 's3')
    return vars.IMAGE_STORE ? { backend: vars.IMAGE_STORE } : defaultImageBytes(vars.DATABASE_URL);
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  return {
    backend: 's3',
    s3: {
      bucket: vars.S3_BUCKET ?? '',
      endpoint: vars.S3_ENDPOINT,
      // R2 takes `auto`; AWS needs the bucket's region; MinIO accepts any.
      region: vars.S3_REGION ?? 'us-east-1',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle: vars.S3_FORCE_PATH_STYLE,
    },
  };
}

/** Checks across variables: OpenAI moderation needs the key, and a usable base URL when one is given. */
const checkedEnvSchema = envSchema.superRefine((vars, context) => {
  checkS3(vars, context);
  if (vars.SESSION_SECRET && vars.SESSION_SECRET_FILE)
    context.addIssue({
      code: 'custom',
      path: ['SESSION_SECRET_FILE'],
      message: 'set either SESSION_SECRET or SESSION_SECRET_FILE, not both',
    });
  if (vars.SESSION_IDLE_DAYS > vars.SESSION_MAX_DAYS)
    context.addIssue({
      code: 'custom',
      path: ['SESSION_IDLE_DAYS'],
      message: 'must not exceed SESSION_MAX_DAYS',
    });
  if (!vars.MODERATION_OPENAI) return;
  if (!vars.OPENAI_API_KEY)
    context.addIssue({
      code: 'custom',
      path: ['MODERATION_OPENAI'],
      message: 'needs OPENAI_API_KEY to be set',
    });
  if (vars.OPENAI_BASE_URL && !z.url({ protocol: /^https?$/ }).safeParse(vars.OPENAI_BASE_URL).success)
    context.addIssue({
      code: 'custom',
      path: ['OPENAI_BASE_URL'],
      message: 'must be a URL such as https://api.openai.com/v1',
    });
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    distDir: path.resolve(vars.DIST_DIR),
    generationLimit: vars.GENERATION_LIMIT,
    sessionSecret: vars.SESSION_SECRET ?? sessionSecretFromFile(vars.SESSION_SECRET_FILE, dataDir),
    sessionLifetime: { idleDays: vars.SESSION_IDLE_DAYS, maxDays: vars.SESSION_MAX_DAYS },
    serviceApiKey: vars.SERVICE_API_KEY,
    publicBaseUrl: vars.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? '',
    moderation: vars.MODERATION,
    openAiModeration: vars.MODERATION_OPENAI,
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    trustProxy: vars.TRUST_PROXY,
    generationNetworkDailyLimit:
      vars.GENERATION_NETWORK_DAILY_LIMIT ?? NETWORK_LIMIT_PER_USER_LIMIT * vars.GENERATION_LIMIT,
    generationDailyBudget: vars.GENERATION_DAILY_BUDGET ?? null,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    generationProvider: vars.GENERATION_PROVIDER ?? 'local',
    imageBytes: imageBytesOf(vars),
    imageRetentionDays: vars.IMAGE_RETENTION_DAYS,
    imageStoragePerUserMb: vars.IMAGE_STORAGE_PER_USER_MB,
    timeouts: {
      requestMs: vars.REQUEST_TIMEOUT_MS,
      headersMs: vars.HEADERS_TIMEOUT_MS,
      keepAliveMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    },
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    shutdownDelayMs: vars.SHUTDOWN_DELAY_MS,
    generationJobs: {
      leaseMs: vars.GENERATION_LEASE_MS,
      pollMs: vars.GENERATION_POLL_MS,
      maxAttempts: vars.GENERATION_MAX_ATTEMPTS,
    },
    imagePool: {
      workers: vars.IMAGE_WORKERS,
      queueMax: vars.IMAGE_QUEUE_MAX,
      timeoutMs: vars.IMAGE_DECODE_TIMEOUT_MS,
      memoryMb: vars.IMAGE_WORKER_MEMORY_MB,
    },
    moderationTimeoutMs: vars.MODERATION_TIMEOUT_MS,
    priceListFile: vars.PRICE_LIST_FILE,
  };
}

const MIN_SECRET_LENGTH = 32;

/** The secret in `file`; a ConfigError naming the file when it is empty or too short to sign with. */
function readSecretFile(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `The session secret file ${file} holds ${secret.length} characters; it needs at least ${MIN_SECRET_LENGTH}. ` +
        'Write a long random secret into it (e.g. `openssl rand -base64 48`), or delete it to have one generated.',
    );
  }
  return secret;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The secret from SESSION_SECRET_FILE, which must exist, or else from `<DATA_DIR>/session-secret`, generated on
 * first start so sessions survive restarts. A stored secret is never silently replaced: a short one stops the start.
 */
function sessionSecretFromFile(named: string | undefined, dataDir: string): string {
  if (named) {
    const file = path.resolve(named);
    try {
      return readSecretFile(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
      throw new ConfigError(
        `SESSION_SECRET_FILE names ${file}, which does not exist. Create it with a secret of at least ` +
          `${MIN_SECRET_LENGTH} characters, or unset SESSION_SECRET_FILE to use ${path.join(dataDir, 'session-secret')}.`,
      );
    }
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    return readSecretFile(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: an instance starting at the same moment sees
  // either no file or the full secret, never a half-written one; if another instance linked first, theirs stays.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readSecretFile(file);
}
