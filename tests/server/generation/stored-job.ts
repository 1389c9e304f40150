// A kitchen job as the routes would store it, for tests that drive the job store or the admission directly.
import { randomUUID } from 'node:crypto';
import type { NewJob, StoredJobRequest } from '../../../server/jobs/job-store';

/** A kitchen request for ids the test never reads (the job is not run). */
export const storedKitchenRequest = (): StoredJobRequest => ({
  kind: 'kitchen',
  imageId: randomUUID(),
  emptyRoomId: null,
  frontalId: 'frontal',
  worktopId: 'worktop',
  shape: 'l-shaped',
  hasIsland: false,
});

export const newKitchenJob = (
  userId: number,
  idempotencyKey: string | null = null,
): Omit<NewJob, 'claimId'> => ({
  id: randomUUID(),
  userId,
  request: storedKitchenRequest(),
  provider: 'local',
  idempotencyKey,
});
