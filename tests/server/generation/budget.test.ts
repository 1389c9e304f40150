// The daily budget of paid provider calls, through the real server with the scripted provider standing in for a
// paid one (it declares no `paid: false`): past the budget a generation is refused with 503 and charges
// nothing; a cancelled or failed generation gives its budget unit back; a paid empty room counts like a kitchen.
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';
import { serverOnPgliteForFile, startServer, testConfig } from '../../../tooling/server';
import { type Answer, GenerationClient, startedJob } from './generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from './scripted-provider';

const LIMIT = 5;
const BUDGET = 2;
const scripted = registerScriptedProvider();

const running = serverOnPgliteForFile({
  generationLimit: LIMIT,
  generationProvider: SCRIPTED_PROVIDER,
  generationDailyBudget: BUDGET,
  generationNetworkDailyLimit: 100,
});

/** A new guest (the network limit is set high: only the budget is shared). */
async function guestWithPhoto(): Promise<{ guest: GenerationClient; imageId: string }> {
  const guest = new GenerationClient(running.server.origin);
  return { guest, imageId: await guest.upload() };
}

function expectBudgetRefusal(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(apiErrorSchema.parse(answer.body)).toMatchObject({ code: 'DAILY_BUDGET_REACHED' });
  expect(apiErrorSchema.parse(answer.body).message).toMatch(/try again tomorrow\. You were not charged\./);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  // Nothing charged: the guest keeps the whole allowance.
  expect(answer.remaining).toBe(LIMIT);
}

describe('the daily budget of paid calls', () => {
  it('counts paid empty rooms and kitchens, refuses past it, and takes back cancelled and failed ones', async () => {
    scripted.behaviour = 'gated';
    const ann = await guestWithPhoto();
    const room = await ann.guest.startEmptyRoom(ann.imageId);
    expect(room.remaining).toBe(LIMIT - 1);
    const bea = await guestWithPhoto();
    const kitchen = await bea.guest.startKitchen({ imageId: bea.imageId });
    expect(kitchen.remaining).toBe(LIMIT - 1);

    const cal = await guestWithPhoto();
    expectBudgetRefusal(await cal.guest.startKitchen({ imageId: cal.imageId }));
    expectBudgetRefusal(await cal.guest.startEmptyRoom(cal.imageId));
    expect(await cal.guest.remaining()).toBe(LIMIT);

    // A cancelled job gives its budget unit back with the user's.
    expect((await ann.guest.cancel(startedJob(room).id)).remaining).toBe(LIMIT);
    const calsTurn = await cal.guest.startKitchen({ imageId: cal.imageId });
    expect(calsTurn.status).toBe(202);
    const eve = await guestWithPhoto();
    expectBudgetRefusal(await eve.guest.startKitchen({ imageId: eve.imageId }));

    // A failed one too: the provider refuses, the runner fails the job and refunds user and budget.
    scripted.behaviour = 'refuses';
    await bea.guest.cancel(startedJob(kitchen).id);
    await cal.guest.cancel(startedJob(calsTurn).id);
    const dee = await guestWithPhoto();
    const failing = startedJob(await dee.guest.startKitchen({ imageId: dee.imageId }));
    expect((await dee.guest.finished(failing.id)).state).toBe('failed');
    expect(await dee.guest.remaining()).toBe(LIMIT);
    scripted.behaviour = 'gated';
    const granted = [];
    for (let i = 0; i < BUDGET + 1; i += 1) {
      const next = await guestWithPhoto();
      granted.push((await next.guest.startKitchen({ imageId: next.imageId })).status);
    }
    expect(granted).toEqual([202, 202, 503]);
  }, 60_000);
});

describe('the local provider', () => {
  it('ignores the budget, and its empty rooms stay free', async () => {
    const { db, dataDir } = running;
    const config = testConfig(dataDir, { generationLimit: LIMIT, generationDailyBudget: 0 });
    const local = await startServer(config, { db });
    try {
      const guest = new GenerationClient(local.origin);
      const imageId = await guest.uploadMarked();
      const room = await guest.startEmptyRoom(imageId);
      expect(room.remaining).toBe(LIMIT);
      const kitchen = await guest.startKitchen({ imageId });
      expect(kitchen.status).toBe(202);
      expect(kitchen.remaining).toBe(LIMIT - 1);
      expect((await guest.finished(startedJob(kitchen).id)).state).toBe('succeeded');
    } finally {
      await local.close();
    }
  }, 60_000);
});
