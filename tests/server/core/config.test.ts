import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { temporaryDir } from '../../support/server';

const temp = temporaryDir();
afterAll(() => temp.remove());

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: temp.dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: temp.dir,
      databaseUrl: undefined,
      generationLimit: 5,
      serviceApiKey: undefined,
      publicBaseUrl: '',
      moderation: 'nsfw',
      trustProxy: false,
    });
  });

  it('generates a session secret once and keeps it in the data directory', () => {
    const first = loadConfig({ DATA_DIR: temp.dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(temp.dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: temp.dir }).sessionSecret).toBe(first);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: temp.dir,
      DATABASE_URL: 'postgres://app@db.internal:5432/kitchen',
      GENERATION_LIMIT: '12',
      SESSION_SECRET: 's'.repeat(40),
      SERVICE_API_KEY: 'k'.repeat(20),
      PUBLIC_BASE_URL: 'https://kitchen.example/',
      MODERATION: 'rule',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db.internal:5432/kitchen',
      generationLimit: 12,
      sessionSecret: 's'.repeat(40),
      serviceApiKey: 'k'.repeat(20),
      publicBaseUrl: 'https://kitchen.example',
      moderation: 'rule',
      rateLimit: { max: 10, windowMs: 1000 },
      trustProxy: true,
    });
  });

  it('refuses invalid values with a message naming each variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: temp.dir,
        PORT: 'eighty',
        GENERATION_LIMIT: '-1',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        MODERATION: 'none',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      for (const name of ['PORT', 'GENERATION_LIMIT', 'DATABASE_URL', 'SESSION_SECRET', 'MODERATION']) {
        expect((error as Error).message).toContain(name);
      }
    }
  });
});
