// The session secret: SESSION_SECRET, a named SESSION_SECRET_FILE, or `<DATA_DIR>/session-secret` generated on
// first start. A file that is missing (when named), empty or short stops loadConfig with a message naming it.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { temporaryDir } from '../../../tooling/server';

const temp = temporaryDir();
afterAll(() => temp.remove());

let dirs = 0;
/** A data directory of its own per case, so no case sees another's generated secret. */
const dataDir = () => path.join(temp.dir, `data-${++dirs}`);

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the session secret file', () => {
  it('reads a named file, trimmed', () => {
    const file = path.join(temp.dir, 'named-secret');
    writeFileSync(file, `${'n'.repeat(40)}\n`);
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET_FILE: file }).sessionSecret).toBe('n'.repeat(40));
  });

  it('stops the start when the named file is missing, naming it', () => {
    const file = path.join(temp.dir, 'no-such-secret');
    const message = refusal({ DATA_DIR: dataDir(), SESSION_SECRET_FILE: file });
    expect(message).toContain(file);
    expect(message).toMatch(/does not exist/);
  });

  it('stops the start for an empty or short file, named or default, and never replaces it', () => {
    for (const content of ['', '   \n', 'x'.repeat(31)]) {
      const named = path.join(temp.dir, 'short-secret');
      writeFileSync(named, content);
      expect(refusal({ DATA_DIR: dataDir(), SESSION_SECRET_FILE: named })).toContain(named);

      const dir = dataDir();
      loadConfig({ DATA_DIR: dir });
      const stored = path.join(dir, 'session-secret');
      expect(statSync(stored).mode & 0o777).toBe(0o600);
      writeFileSync(stored, content);
      const message = refusal({ DATA_DIR: dir });
      expect(message).toContain(stored);
      expect(message).toMatch(/at least 32/);
      expect(readFileSync(stored, 'utf8')).toBe(content);
    }
  });

  it('refuses SESSION_SECRET and SESSION_SECRET_FILE together', () => {
    const message = refusal({
      DATA_DIR: dataDir(),
      SESSION_SECRET: 's'.repeat(40),
      SESSION_SECRET_FILE: path.join(temp.dir, 'named-secret'),
    });
    expect(message).toContain('SESSION_SECRET_FILE');
  });
});

describe('session lifetimes', () => {
  it('default to 30 idle days within 400, and refuse an idle time past the cap', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionLifetime).toEqual({ idleDays: 30, maxDays: 400 });
    const env = { DATA_DIR: dataDir(), SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '60' };
    expect(loadConfig(env).sessionLifetime).toEqual({ idleDays: 7, maxDays: 60 });
    expect(refusal({ ...env, SESSION_IDLE_DAYS: '90' })).toContain('SESSION_IDLE_DAYS');
    expect(refusal({ ...env, SESSION_IDLE_DAYS: '0' })).toContain('SESSION_IDLE_DAYS');
  });
});
