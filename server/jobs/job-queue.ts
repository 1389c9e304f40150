// The jobs room (issue 23): the leased job queue as a Fastify plugin. It owns the runner's lifecycle (started once
// the server is ready, stopped before any onClose hook closes the database), the wake-ups and the sweeps, and
// registers the job routes beside it. The one JobStore is the caller's, so the share pages read the same one.
import type { FastifyPluginAsync } from 'fastify';
import { GENERATION_JOB_DEFAULTS, type GenerationJobSettings } from '../config';
import type { Database } from '../db/database';
import type { GenerationProvider } from '../generation/provider';
import type { ImageStore } from '../images/image-store';
import type { ReadSurfaceMasks } from '../images/surface-masks';
import type { Quota } from '../quota/quota';
import { createJobRunner, type RunnerPictures } from './job-runner';
import type { JobStore } from './job-store';
import { startSweeps, sweepJobs } from './recovery';
import { generationRoutes, type JobQueue } from './routes';
import { startWakeUps, type WakeUps } from './wake-ups';

export interface JobQueueOptions {
  db: Database;
  /** The process's one job store, shared with whoever else reads jobs (sharing/). */
  jobs: JobStore;
  images: ImageStore;
  quota: Quota;
  provider: GenerationProvider;
  /** Checks providers' pictures and does the photo's pixel work off the event loop (the runner's own pool). */
  pictures: RunnerPictures;
  /** The surfaces visitors marked on their photos (the mask store). */
  readMasks: ReadSurfaceMasks;
  /** Per job; defaults to the runner's GENERATION_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Leases, wake-ups and retries; GENERATION_JOB_DEFAULTS when absent. */
  jobSettings?: GenerationJobSettings;
  /** PostgreSQL's URL, for the connection that listens for other instances' wake-ups and cancels. */
  databaseUrl?: string;
}

export const jobQueue: FastifyPluginAsync<JobQueueOptions> = async (app, options) => {
  const { db, jobs, quota } = options;
  const settings = options.jobSettings ?? GENERATION_JOB_DEFAULTS;
  const runner = createJobRunner({
    jobs,
    images: options.images,
    quota,
    provider: options.provider,
    log: app.log,
    pictures: options.pictures,
    readMasks: options.readMasks,
    timeoutMs: options.timeoutMs,
    leaseMs: settings.leaseMs,
    maxAttempts: settings.maxAttempts,
  });
  const logError = (error: unknown, what: string) => app.log.error({ err: error }, what);
  let wakeUps: WakeUps | undefined;
  let stopSweeps: (() => void) | undefined;

  // Started once the server is ready. A database that fails here fails every request anyway, each with its
  // own 500: the server still starts, the error is logged, and the poll and sweeps try again.
  app.addHook('onReady', async () => {
    try {
      // PGlite's database belongs to this process: a lease in it is a previous run's, and that run is over.
      if (db.kind === 'pglite') await jobs.releaseAllLeases();
    } catch (error) {
      logError(error, 'the leases of a previous run could not be released; they will lapse');
    }
    wakeUps = await startWakeUps({
      db,
      databaseUrl: options.databaseUrl,
      pollMs: settings.pollMs,
      onWork: () => runner.wake(),
      onEnded: (jobId) => runner.abandon(jobId),
      onError: logError,
    });
    stopSweeps = startSweeps(
      async () => {
        const swept = await sweepJobs(jobs, quota, settings.maxAttempts);
        if (swept.exhausted > 0) app.log.warn(swept, 'generations out of attempts were failed and refunded');
        runner.wake();
      },
      settings.leaseMs,
      (error) => logError(error, 'the generation sweep failed; the next one tries again'),
    );
  });
  // Before any onClose hook (one of them closes the database): stop taking jobs, and hand back the one in hand
  // while its lease can still be written.
  app.addHook('preClose', async () => {
    stopSweeps?.();
    await wakeUps?.close();
    await runner.stop();
  });

  const queue: JobQueue = {
    async queued() {
      runner.wake();
      // A busy runner here leaves it to the other instances; the poll covers a notification that fails.
      await wakeUps
        ?.queued()
        .catch((error: unknown) => logError(error, 'a queued job could not be announced'));
    },
    async ended(jobId) {
      runner.abandon(jobId);
      // The runner may be on another instance: it stops at this, or at its next lease renewal at the latest.
      await wakeUps
        ?.ended(jobId)
        .catch((error: unknown) => logError(error, 'a cancel could not be announced'));
    },
  };
  await app.register(generationRoutes, {
    db,
    jobs,
    queue,
    images: options.images,
    quota,
    provider: options.provider,
    readMasks: options.readMasks,
  });
};
