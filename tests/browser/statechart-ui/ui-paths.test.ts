// The UI-path suite's stored walks are checked, not trusted: walks that no longer fit the UI model are planned
// afresh. Planned here for a visitor without valid boot data, whose graph is small enough to plan in a moment.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startAppServer } from '../../../tooling/browser';
import { ServerOracle } from './server-oracle';
import { describeEvent } from './ui-model';
import { plannedUiPaths, type StoredWalk } from './ui-paths';

const server = await startAppServer(inject('appDistDir'));
afterAll(() => server.close());
const oracle = new ServerOracle(server.origin);
const input = { userId: null };
const plan = (stored?: StoredWalk[]) => plannedUiPaths(input, oracle, new Set(), stored);
const eventsOf = (walks: Awaited<ReturnType<typeof plan>>) =>
  walks.paths.map((path) => path.steps.map(({ event }) => describeEvent(event)));

describe('the stored walks of the UI-path suite', () => {
  it('are replayed, step for step, when they still fit the UI model', async () => {
    const fresh = await plan();
    expect(fresh.afresh).toBe(true);
    expect(fresh.stored.flat().length).toBeGreaterThan(0);
    const replayed = await plan(fresh.stored);
    expect(replayed.afresh).toBe(false);
    expect(eventsOf(replayed)).toEqual(eventsOf(fresh));
  });

  it('are planned afresh when a step is not what the model offers there, or when none are stored', async () => {
    const fresh = await plan();
    const [[first, ...rest] = [], ...others] = fresh.stored;
    if (!first) throw new Error('the planner gave no walk');
    const renamed: StoredWalk[] = [[[first[0], 'a step the UI no longer has'], ...rest], ...others];
    const outOfReach: StoredWalk[] = [[[99, first[1]], ...rest], ...others];
    for (const stale of [renamed, outOfReach, []]) {
      const again = await plan(stale);
      expect(again.afresh).toBe(true);
      expect(eventsOf(again)).toEqual(eventsOf(fresh));
    }
  });
});
