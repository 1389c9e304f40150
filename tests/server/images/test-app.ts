// The image plugin on a bare Fastify instance; a test header stands in for the core's session plugin.
import Fastify from 'fastify';
import { API_PREFIX } from '../../../contract/endpoints';
import type { ImageStore } from '../../../server/images/image-store';
import { imageIntake } from '../../../server/images/intake-work';
import { imageRoutes } from '../../../server/images/routes';
import type { Moderator } from '../../../server/moderation/moderator';
import '../../../server/http/user-request';
import { openPixelPool } from '../../../tooling/pixel-pool';

export const TEST_USER_HEADER = 'x-test-user-id';

export async function buildImageApp(store: ImageStore, moderator: Moderator) {
  const app = Fastify({ logger: false });
  app.decorateRequest('userId', 0);
  app.addHook('onRequest', async (request) => {
    request.userId = Number(request.headers[TEST_USER_HEADER] ?? 1);
  });
  const pool = openPixelPool();
  app.addHook('onClose', () => pool.close());
  await app.register(imageRoutes, { prefix: API_PREFIX, store, moderator, pool: imageIntake(pool) });
  await app.ready();
  return app;
}
