// The caller's own data (issue 15, items 3 and 4; D36), behind the session like every /api/v1 route: the
// deletion passes the cross-site check and the rate limit as every state-changing request does.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { myDataPaths } from '../../contract/endpoints';
import { deleteMyDataRequestSchema } from '../../contract/my-data';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import '../http/user-request';
import type { ImageStore } from '../images/image-store';
import type { ByteBackend } from '../images/store/byte-backend';
import type { SurfaceMaskStore } from '../images/store/surface-mask-store';
import { SESSION_COOKIE } from '../users/session';
import { eraseUser } from './erase-user';
import { exportUser } from './export-user';

export interface MyDataRoutesOptions {
  db: Database;
  images: ImageStore;
  masks: SurfaceMaskStore;
  bytes: ByteBackend;
}

/** `kitchen-data-2026-11-23.zip` */
const exportFileName = (now: Date) => `kitchen-data-${now.toISOString().slice(0, 10)}.zip`;

/** Exports per client network per rate-limit window (`RATE_LIMIT_WINDOW_MS`). */
export const EXPORTS_PER_WINDOW = 5;

export const myDataRoutes: FastifyPluginAsync<MyDataRoutesOptions> = async (
  app,
  { db, images, masks, bytes },
) => {
  app.delete(myDataPaths.me, async (request, reply) => {
    if (!deleteMyDataRequestSchema.safeParse(request.body).success) {
      throw new HttpError(
        400,
        'CONFIRMATION_REQUIRED',
        'Deleting your data needs the body {"confirm": "delete"}.',
      );
    }
    const { bytesLeftForSweep } = await eraseUser(db, bytes, request.userId);
    if (bytesLeftForSweep > 0) {
      request.log.warn({ bytesLeftForSweep }, 'some erased images keep their bytes until the next sweep');
    }
    // The session row went with the user; the cookie goes too, so the browser is a new visitor.
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).code(204).send();
  });

  // A read, but one that streams every stored byte of the user: limited per client network like a write, and
  // tighter, so a hundred at once cannot take the instances' bandwidth and storage reads from everyone else.
  app.get(
    myDataPaths.export,
    { config: { rateLimit: { max: EXPORTS_PER_WINDOW } } },
    async (request, reply) => {
      const now = new Date();
      const zip = await exportUser(db, { images, masks }, request.userId, now);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(zip));
    },
  );
};
