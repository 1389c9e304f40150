// `?inspect` in development attaches the Stately inspector (DESIGN "The statechart"); without it, nothing loads.
// (That the production build contains no inspector code is checked in bundle-budget.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import { devInspector } from '../../src/dev/inspector';

describe('the dev inspector', () => {
  it('stays off without ?inspect', async () => {
    expect(await devInspector('')).toBeUndefined();
    expect(await devInspector('?step=design')).toBeUndefined();
  });

  it('gives the actor an inspection observer with ?inspect, in development', async () => {
    expect(import.meta.env.DEV).toBe(true);
    // The inspector opens the Stately window; jsdom has none to open.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const inspect = await devInspector('?inspect');
    expect(typeof (inspect as { next?: unknown } | undefined)?.next).toBe('function');
    open.mockRestore();
  });
});
