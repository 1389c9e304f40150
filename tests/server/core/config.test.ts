import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { temporaryDir } from '../../../tooling/server';

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
      openAiModeration: false,
      trustProxy: false,
      generationNetworkDailyLimit: 15,
      generationDailyBudget: null,
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
      TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,2001:db8::/32',
      GENERATION_NETWORK_DAILY_LIMIT: '40',
      GENERATION_DAILY_BUDGET: '500',
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
      trustProxy: ['10.0.0.0/8', '192.0.2.1', '2001:db8::/32'],
      generationNetworkDailyLimit: 40,
      generationDailyBudget: 500,
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

  describe('TRUST_PROXY', () => {
    const trustProxyOf = (value: string) => loadConfig({ DATA_DIR: temp.dir, TRUST_PROXY: value }).trustProxy;

    it('trusts nothing unless told, a hop count, or a list of proxies', () => {
      for (const value of ['', 'false', '0']) expect(trustProxyOf(value)).toBe(false);
      expect(trustProxyOf('2')).toBe(2);
      expect(trustProxyOf('loopback, 172.16.0.0/12')).toEqual(['loopback', '172.16.0.0/12']);
    });

    it('refuses `true`, saying why and what to set instead', () => {
      expect(() => trustProxyOf('true')).toThrow(ConfigError);
      expect(() => trustProxyOf('true')).toThrow(
        /any client could choose its own address.*number of proxies/s,
      );
    });

    it('refuses what is neither a count nor an address', () => {
      for (const value of ['yes', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.internal', '-1']) {
        expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
      }
    });
  });

  describe('generation limits', () => {
    const limitsOf = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig({ DATA_DIR: temp.dir, ...env });
      return [config.generationNetworkDailyLimit, config.generationDailyBudget];
    };

    it('bounds a network at three times the per-user limit unless set; 0 turns it off', () => {
      expect(limitsOf({ GENERATION_LIMIT: '2' })).toEqual([6, null]);
      expect(limitsOf({ GENERATION_LIMIT: '2', GENERATION_NETWORK_DAILY_LIMIT: '' })).toEqual([6, null]);
      expect(limitsOf({ GENERATION_NETWORK_DAILY_LIMIT: '0', GENERATION_DAILY_BUDGET: '0' })).toEqual([0, 0]);
      expect(() => limitsOf({ GENERATION_DAILY_BUDGET: 'lots' })).toThrow(/GENERATION_DAILY_BUDGET/);
    });
  });

  describe('MODERATION_OPENAI', () => {
    const messageOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: temp.dir, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('the configuration was accepted');
    };

    it('turns OpenAI moderation on when a key is set', () => {
      const env = { DATA_DIR: temp.dir, OPENAI_API_KEY: 'sk-test' };
      expect(loadConfig({ ...env, MODERATION_OPENAI: 'true' }).openAiModeration).toBe(true);
      expect(loadConfig({ ...env, MODERATION_OPENAI: '1' }).openAiModeration).toBe(true);
      expect(loadConfig({ ...env, MODERATION_OPENAI: 'false' }).openAiModeration).toBe(false);
      // A key alone (for the image provider) sends nothing to the moderation endpoint.
      expect(loadConfig(env).openAiModeration).toBe(false);
    });

    it('refuses it without OPENAI_API_KEY, naming both', () => {
      for (const key of [undefined, '', '   ']) {
        const message = messageOf({ MODERATION_OPENAI: 'true', OPENAI_API_KEY: key });
        expect(message).toContain('MODERATION_OPENAI');
        expect(message).toContain('OPENAI_API_KEY');
      }
    });

    it('refuses a value that is not a boolean, and a base URL that is not one', () => {
      expect(messageOf({ MODERATION_OPENAI: 'yes', OPENAI_API_KEY: 'sk-test' })).toContain(
        'MODERATION_OPENAI',
      );
      expect(
        messageOf({
          MODERATION_OPENAI: 'true',
          OPENAI_API_KEY: 'sk-test',
          OPENAI_BASE_URL: 'api.openai.com',
        }),
      ).toContain('OPENAI_BASE_URL');
      // With moderation off the base URL is the image provider's to check, as before.
      expect(() => loadConfig({ DATA_DIR: temp.dir, OPENAI_BASE_URL: 'api.openai.com' })).not.toThrow();
    });
  });

  describe('LOG_FORMAT', () => {
    it('is unset unless given (pretty on a terminal, JSON otherwise), and pretty or json when given', () => {
      expect(loadConfig({ DATA_DIR: temp.dir }).logFormat).toBeUndefined();
      expect(loadConfig({ DATA_DIR: temp.dir, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
      expect(loadConfig({ DATA_DIR: temp.dir, LOG_FORMAT: 'json' }).logFormat).toBe('json');
      expect(() => loadConfig({ DATA_DIR: temp.dir, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
    });
  });
});
