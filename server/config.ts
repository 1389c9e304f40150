// The server's whole configuration, read once from the environment and validated, so a typo stops the start
// with a clear message instead of surfacing later as odd behaviour.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export type ModerationMode = 'nsfw' | 'rule';

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
  serviceApiKey: string | undefined;
  /** Boot data `baseUrl`: where the app finds the API; empty means the page's own origin. */
  publicBaseUrl: string;
  moderation: ModerationMode;
  /**
   * Also ask OpenAI's moderation endpoint about photos the local model passes (`MODERATION_OPENAI`). Off unless
   * asked for, so nothing leaves the machine by default; optional so configs built by hand need not name it.
   */
  openAiModeration?: boolean;
  /** Per client IP, on state-changing routes only (catalogue reads are not limited). */
  rateLimit: { max: number; windowMs: number };
  /** Trust `X-Forwarded-*` from a reverse proxy (needed for the Secure cookie behind TLS termination). */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * The generation provider's name in `server/generation/provider-registry.ts`; `local` (the offline concept
   * renderer) when absent. Optional so configs built by hand (tests) need not name it.
   */
  generationProvider?: string;
  /**
   * Days uploaded photos and generated images are kept (`IMAGE_RETENTION_DAYS`, default 30); optional so configs
   * built by hand (tests) need not name it.
   */
  imageRetentionDays?: number;
}

export const DEFAULT_IMAGE_RETENTION_DAYS = 30;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  GENERATION_LIMIT: z.coerce.number().int().min(0).default(5),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SERVICE_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  PUBLIC_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MODERATION: z.enum(['nsfw', 'rule']).default('nsfw'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: booleanText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Checked against the registered providers when the server is built; here only its form.
  GENERATION_PROVIDER: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'must be a provider name such as local')
      .optional(),
  ),
  MODERATION_OPENAI: booleanText,
  IMAGE_RETENTION_DAYS: z.coerce.number().int().positive().default(DEFAULT_IMAGE_RETENTION_DAYS),
  // Read here only to check MODERATION_OPENAI; the OpenAI adapters read them for their own use.
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
});

/** Checks across variables: OpenAI moderation needs the key, and a usable base URL when one is given. */
const checkedEnvSchema = envSchema.superRefine((vars, context) => {
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
    sessionSecret: vars.SESSION_SECRET ?? persistedSessionSecret(dataDir),
    serviceApiKey: vars.SERVICE_API_KEY,
    publicBaseUrl: vars.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? '',
    moderation: vars.MODERATION,
    openAiModeration: vars.MODERATION_OPENAI,
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
    generationProvider: vars.GENERATION_PROVIDER ?? 'local',
    imageRetentionDays: vars.IMAGE_RETENTION_DAYS,
  };
}

/** Sessions must survive a restart, so a generated secret is kept in the data directory. */
function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // `wx`: if another instance wrote it first, fail and read theirs instead of overwriting it.
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
