// The owner's share-link API (issue 16, D37), under API_PREFIX behind the session: create a link to one of
// their results, list a result's links, revoke one; and a result's choices in words (the side-by-side view).
// The cross-site check and the rate limit apply as to every state-changing route.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sharePageUrl, sharePaths } from '../../contract/share-paths';
import { createShareRequestSchema } from '../../contract/sharing';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import { publicOrigin } from '../http/public-origin';
import type { JobStore } from '../jobs/job-store';
import '../http/user-request';
import type { ImageStore } from '../images/image-store';
import type { PriceList } from './price-list';
import { LIVE_LINKS_PER_KITCHEN, type ShareStore } from './share-store';
import { liveKitchen } from './shared-result';

export interface ShareOwnerRoutesOptions {
  shares: ShareStore;
  jobs: JobStore;
  images: ImageStore;
  prices: PriceList;
  /** The canonical origin for the links handed out; empty: the request's own. */
  publicBaseUrl: string;
}

const idParams = z.object({ id: z.uuid() });

/** The id in the path; a malformed one is as unknown as another user's. */
function pathId(request: FastifyRequest, notFound: () => HttpError): string {
  const parsed = idParams.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

const resultNotFound = () =>
  new HttpError(404, 'RESULT_NOT_FOUND', 'This kitchen does not exist, or it is no longer stored.');
const shareNotFound = () => new HttpError(404, 'SHARE_NOT_FOUND', 'This share link does not exist.');

export const shareOwnerRoutes: FastifyPluginAsync<ShareOwnerRoutesOptions> = async (app, options) => {
  const { shares, jobs, images, prices, publicBaseUrl } = options;

  /** The caller's finished kitchen behind the path's id, or 404. */
  async function ownKitchen(request: FastifyRequest) {
    const jobId = pathId(request, resultNotFound);
    const kitchen = await liveKitchen(await jobs.find(request.userId, jobId), images, prices);
    if (!kitchen) throw resultNotFound();
    return { jobId, kitchen };
  }

  app.post(sharePaths.jobShares, async (request, reply) => {
    const { includeBefore } = parseInput(createShareRequestSchema, request.body);
    const { jobId } = await ownKitchen(request);
    const created = await shares.create(request.userId, jobId, includeBefore);
    // Deleted, or moved to an account by a sign-in, since it was read above.
    if (created === 'not-found') throw resultNotFound();
    if (created === 'limit-reached') {
      throw new HttpError(
        409,
        'SHARE_LIMIT_REACHED',
        `This kitchen already has ${LIVE_LINKS_PER_KITCHEN} share links. Revoke one you no longer need to make another.`,
      );
    }
    const { link, token } = created;
    return reply
      .code(201)
      .send({ share: link, url: `${publicOrigin(request, publicBaseUrl)}${sharePageUrl(token)}` });
  });

  app.get(sharePaths.jobShares, async (request) => {
    const jobId = pathId(request, resultNotFound);
    return { shares: await shares.list(request.userId, jobId) };
  });

  app.post(sharePaths.revoke, async (request) => {
    const share = await shares.revoke(request.userId, pathId(request, shareNotFound));
    if (!share) throw shareNotFound();
    return { share };
  });

  app.get(sharePaths.jobChoices, async (request) => {
    const { kitchen } = await ownKitchen(request);
    return { resultImageId: kitchen.resultImageId, description: kitchen.description };
  });
};
