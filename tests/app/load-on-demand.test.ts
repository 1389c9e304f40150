// Code loaded once on demand (src/api/load-on-demand.ts): what a render may read at once, and when.
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/api/load-on-demand';

describe('loadOnce', () => {
  it('has nothing to read at once until its load has finished, then what it loaded', async () => {
    let finish: (value: string) => void = () => {};
    const once = loadOnce(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(once.loaded()).toBeUndefined();
    const loading = once.get();
    expect(once.loaded()).toBeUndefined();
    finish('the screens');
    expect(await loading).toBe('the screens');
    expect(once.loaded()).toBe('the screens');
    expect(once.get()).toBe(loading);
  });

  it('keeps nothing from a load that failed, and loads again on the next call', async () => {
    let calls = 0;
    const once = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'the screens';
    });
    await expect(once.get()).rejects.toMatchObject({ name: 'RequestFailedError', reason: 'network' });
    expect(once.loaded()).toBeUndefined();
    expect(await once.get()).toBe('the screens');
    expect(once.loaded()).toBe('the screens');
  });
});
