// The public share pages (outside /api and the app): the page, its pictures, its Open Graph image and its spec
// sheet; and the owner's own spec sheet. State lives only in the database and the image store, so any instance
// answers any link. Unknown or revoked: 404; a result deleted or expired: 410.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { imageUrl } from '../../contract/images';
import { sharePagePaths } from '../../contract/share-paths';
import { publicOrigin } from '../http/public-origin';
import type { ImageStore } from '../images/image-store';
import type { ImageIntake } from '../images/intake-work';
import type { JobStore } from '../jobs/job-store';
import type { Sessions } from '../users/session';
import { sendPage } from './html';
import type { PriceList } from './price-list';
import { messagePage, OG_IMAGE_SIZE, sharePage } from './share-pages';
import type { ShareStore } from './share-store';
import { createSharedResults, type LiveResult, liveKitchen } from './shared-result';
import { specSheetPage } from './spec-sheet-page';

export interface SharePageRoutesOptions {
  shares: ShareStore;
  jobs: JobStore;
  images: ImageStore;
  pool: Pick<ImageIntake, 'cover'>;
  prices: PriceList;
  sessions: Sessions;
  /** The canonical origin for the page's Open Graph URLs; empty: the request's own. */
  publicBaseUrl: string;
}

const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';

const noIndex = (reply: FastifyReply) =>
  reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');

export const sharePageRoutes: FastifyPluginAsync<SharePageRoutesOptions> = async (app, options) => {
  const { shares, images, pool, prices } = options;
  const sharedResult = createSharedResults(options);
  /** One preview being made per link in this process; other instances may make their own (one is kept). */
  const making = new Map<string, Promise<string>>();

  /** The live result behind the token, or the 404/410 page already sent. */
  async function live(request: FastifyRequest, reply: FastifyReply): Promise<LiveResult | undefined> {
    const result = await sharedResult(tokenOf(request));
    if (result.state === 'live') return result;
    sendPage(reply, result.state === 'gone' ? 410 : 404, messagePage(result.state));
    return undefined;
  }

  async function sendImage(reply: FastifyReply, ownerId: number, imageId: string) {
    const opened = await images.open(ownerId, imageId);
    if (!opened) return sendPage(reply, 410, messagePage('gone'));
    return noIndex(reply)
      .type(opened.contentType)
      .header('content-length', opened.byteSize)
      .send(opened.stream);
  }

  async function makeOgImage({ share, resultImageId }: LiveResult): Promise<string> {
    const result = await images.get(share.ownerId, resultImageId);
    if (!result) throw new Error('the result vanished while its preview was made');
    const jpeg = await pool.cover(result.bytes, OG_IMAGE_SIZE);
    const made = await images.put(share.ownerId, jpeg, {
      contentType: 'image/jpeg',
      ...OG_IMAGE_SIZE,
      kind: 'share_preview',
    });
    const kept = await shares.keepPreview(share.ownerId, share.link.jobId, made);
    if (kept !== made) await images.delete(share.ownerId, made);
    return kept;
  }

  /** The kitchen's one preview, shared by all its links (revoked ones too), made on the first request. */
  async function ogImageOf(result: LiveResult): Promise<string> {
    const { ogImageId, ownerId, link } = result.share;
    const standing = ogImageId ?? (await shares.previewOf(link.jobId));
    if (standing && (await images.has(ownerId, standing))) return standing;
    let pending = making.get(link.jobId);
    if (!pending) {
      pending = makeOgImage(result).finally(() => making.delete(link.jobId));
      making.set(link.jobId, pending);
    }
    return pending;
  }

  app.get(sharePagePaths.page, async (request, reply) => {
    const result = await live(request, reply);
    if (!result) return reply;
    const token = tokenOf(request);
    const pageUrl = `${publicOrigin(request, options.publicBaseUrl)}/share/${token}`;
    return sendPage(
      reply,
      200,
      sharePage({
        token,
        description: result.description,
        includeBefore: result.share.link.includeBefore,
        pageUrl,
        ogImageUrl: `${pageUrl}/og.jpg`,
      }),
    );
  });

  app.get(sharePagePaths.kitchen, async (request, reply) => {
    const result = await live(request, reply);
    return result ? sendImage(reply, result.share.ownerId, result.resultImageId) : reply;
  });

  app.get(sharePagePaths.before, async (request, reply) => {
    const result = await live(request, reply);
    if (!result) return reply;
    // The before photo is a picture of someone's home: only when its owner chose to include it.
    if (!result.share.link.includeBefore) return sendPage(reply, 404, messagePage('not-found'));
    return sendImage(reply, result.share.ownerId, result.beforeImageId);
  });

  app.get(sharePagePaths.ogImage, async (request, reply) => {
    const result = await live(request, reply);
    if (!result) return reply;
    const imageId = await ogImageOf(result).catch(async (error: unknown) => {
      // Deleted or revoked while its preview was made: answered as if before (404 or 410), never a 500.
      if (await live(request, reply)) throw error;
      return undefined;
    });
    return imageId === undefined ? reply : sendImage(reply, result.share.ownerId, imageId);
  });

  app.get(sharePagePaths.specSheet, async (request, reply) => {
    const result = await live(request, reply);
    if (!result) return reply;
    return sendPage(
      reply,
      200,
      specSheetPage({
        description: result.description,
        imageUrl: `/share/${tokenOf(request)}/kitchen`,
        priceSource: prices.source,
        backUrl: { href: `/share/${tokenOf(request)}`, label: 'Back to the kitchen' },
        origin: publicOrigin(request, options.publicBaseUrl),
        madeAt: result.madeAt,
      }),
    );
  });

  // The owner's sheet: their session's kitchen, by job id; anyone else's (or no session) is not found.
  app.get(sharePagePaths.ownerSpecSheet, async (request, reply) => {
    const userId = await options.sessions.resolve(request, reply);
    const params = z.object({ id: z.uuid() }).safeParse(request.params);
    const record = params.success ? await options.jobs.find(userId, params.data.id) : undefined;
    const kitchen = await liveKitchen(record, images, prices);
    if (!kitchen) return sendPage(reply, 404, messagePage('not-found'));
    return sendPage(
      reply,
      200,
      specSheetPage({
        description: kitchen.description,
        imageUrl: imageUrl(kitchen.resultImageId),
        priceSource: prices.source,
        backUrl: { href: '/your-kitchen', label: 'Back to your kitchen' },
        origin: publicOrigin(request, options.publicBaseUrl),
        madeAt: kitchen.madeAt,
      }),
    );
  });

  // Anything else under /share is a link that does not exist, never the app's history fallback.
  app.get('/share/*', async (_request, reply) => sendPage(reply, 404, messagePage('not-found')));
};
