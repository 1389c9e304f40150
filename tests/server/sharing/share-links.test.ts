// Share links through the real server (PGlite, sharp, the `local` provider): made by the owner, read by anyone
// without a cookie, revoked at once, gone with their result; never made or revoked by someone else.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { KNOWN_CHOICE_STEPS } from '../../../contract/kitchen-choices';
import { sharePaths } from '../../../contract/share-paths';
import { createdShareSchema, jobChoicesResponseSchema, shareListSchema } from '../../../contract/sharing';
import { catalogue } from '../../../server/catalogue/catalogue';
import { openImageStorage } from '../../../server/images/store/open-image-storage';
import { LIVE_LINKS_PER_KITCHEN } from '../../../server/sharing/share-store';
import { hashShareToken } from '../../../server/sharing/share-token';
import { serverOnPgliteForFile, startServer, testConfig } from '../../../tooling/server';
import { GenerationClient, jobPath } from '../generation/generation-client';
import { finishedKitchen, postShare, revoke, shareOf, sharesPath, stranger } from './share-client';

const env = serverOnPgliteForFile({ generationLimit: 20 });
const newUser = () => new GenerationClient(env.server.origin);

/** A front whose catalogue name needs escaping in HTML. */
const ampersandFront = [...catalogue.frontalPreviewById.values()].find((front) =>
  front.doorStyleGroup.includes('&'),
);
if (!ampersandFront) throw new Error('the catalogue has a door style with an ampersand');
const worktop = [...catalogue.worktopPreviewById.values()][5];
if (!worktop) throw new Error('the catalogue has worktops');

/** A studio's own step, which the server does not know: named in words, with words that need escaping. */
const SPLASHBACK = { step: 'splashback', value: 'tiles', label: 'Tiles & grout' };

describe('a share link', () => {
  it('shows the kitchen and its choices to a stranger, with Open Graph tags, noindex and no app bundle', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner, {
      frontalId: ampersandFront.id,
      worktopId: worktop.id,
      shape: 'u-shaped',
    });
    const { path: page, token } = await shareOf(owner, jobId);

    const answer = await stranger(env.server.origin, page);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const html = answer.text;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('<script');
    expect(html).toContain(`<meta property="og:image" content="${env.server.origin}${page}/og.jpg">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    // Catalogue text is escaped: "Tongue & Groove" arrives as text, never as markup.
    expect(html).toContain(ampersandFront.doorStyleGroup.replace('&', '&amp;'));
    expect(html).not.toContain(`${ampersandFront.doorStyleGroup}<`);
    for (const words of [ampersandFront.colour, ampersandFront.hex, ampersandFront.finish]) {
      expect(html).toContain(words);
    }
    for (const words of [worktop.material, worktop.colour, worktop.hex, worktop.finish, 'U-shaped']) {
      expect(html).toContain(words);
    }
    // The before photo was not included: neither shown nor reachable.
    expect(html).not.toContain(`${page}/before`);
    expect((await stranger(env.server.origin, `${page}/before`)).status).toBe(404);
    const kitchen = await stranger(env.server.origin, `${page}/kitchen`);
    expect(kitchen.status).toBe(200);
    expect((await sharp(kitchen.bytes).metadata()).format).toBe('jpeg');
    // Its own policy: its one stylesheet by hash, no script.
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('script-src');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The app's brand bar, and a way into the product for the stranger who was sent the link.
    expect(html).toContain('<a class="brand" href="/" aria-label="Kitchen Reimagined">');
    expect(html).toContain('<a class="button button--primary" href="/">Reimagine your own kitchen</a>');
    expect(html).toContain(`href="${page}/spec-sheet"`);
  });

  it('has a 1200 × 630 JPEG preview, made once however many crawlers ask at the same moment', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const { path: page, share } = await shareOf(owner, jobId);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => stranger(env.server.origin, `${page}/og.jpg`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const metadata = await sharp(answers[0]?.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(new Set(answers.map((answer) => answer.bytes.toString('base64'))).size).toBe(1);
    const [row] = await env.db.query<{ og: string }>(
      'SELECT og_image_id AS og FROM share_links WHERE id = $1',
      [share.id],
    );
    const previews = await env.db.query(
      'SELECT id FROM images WHERE width = 1200 AND height = 630 AND id = $1',
      [row?.og],
    );
    expect(previews).toHaveLength(1);
  });

  it('shows the before photo only when the owner included it', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const { path: page } = await shareOf(owner, jobId, true);
    expect((await stranger(env.server.origin, page)).text).toContain(`${page}/before`);
    const before = await stranger(env.server.origin, `${page}/before`);
    expect(before.status).toBe(200);
    expect((await sharp(before.bytes).metadata()).width).toBeGreaterThan(0);
  });

  it('answers 404 at once when revoked, on the page, its pictures and its spec sheet', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const { path: page, share } = await shareOf(owner, jobId, true);
    expect((await stranger(env.server.origin, page)).status).toBe(200);

    const revoked = await revoke(owner, share.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ share: { id: share.id, revokedAt: expect.any(String) } });
    for (const suffix of ['', '/kitchen', '/before', '/og.jpg', '/spec-sheet']) {
      const answer = await stranger(env.server.origin, `${page}${suffix}`);
      expect(answer.status, suffix).toBe(404);
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      // Not a dead end: the brand and a way into the product.
      expect(answer.text).toContain('Link Not Found');
      expect(answer.text).toContain('href="/">Reimagine your own kitchen</a>');
    }
    const listed = shareListSchema.parse((await owner.request(sharesPath(jobId))).body);
    expect(listed.shares).toEqual([expect.objectContaining({ id: share.id, revokedAt: expect.any(String) })]);
  });

  it('are at most 20 live ones per kitchen, however many are asked for at once; revoking one makes room', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const answers = await Promise.all(Array.from({ length: 30 }, () => postShare(owner, jobId)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIVE_LINKS_PER_KITCHEN);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30 - LIVE_LINKS_PER_KITCHEN);
    const refused = apiErrorSchema.parse(answers.find((answer) => answer.status === 409)?.body);
    expect(refused).toMatchObject({ code: 'SHARE_LIMIT_REACHED' });
    expect(refused.message).toMatch(/Revoke one/);
    const listed = shareListSchema.parse((await owner.request(sharesPath(jobId))).body).shares;
    expect(listed).toHaveLength(LIVE_LINKS_PER_KITCHEN);

    expect((await revoke(owner, listed[0]?.id ?? '')).status).toBe(200);
    expect((await postShare(owner, jobId)).status).toBe(201);
    expect((await postShare(owner, jobId)).status).toBe(409);
  });

  it('is swept once it has said "revoked" or "gone" long enough, and then is unknown (404)', async () => {
    const owner = newUser();
    const kept = await finishedKitchen(owner);
    const removed = await finishedKitchen(owner);
    const live = await shareOf(owner, kept.jobId);
    const [revokedLongAgo, revokedLately] = [
      await shareOf(owner, kept.jobId),
      await shareOf(owner, kept.jobId),
    ];
    const [goneLongAgo, goneLately] = [
      await shareOf(owner, removed.jobId),
      await shareOf(owner, removed.jobId),
    ];
    for (const link of [revokedLongAgo, revokedLately])
      expect((await revoke(owner, link.share.id)).status).toBe(200);
    const backdate = (column: string, days: number, id: string) =>
      env.db.query(
        `UPDATE share_links SET ${column} = now() - $1::integer * interval '1 day' WHERE id = $2`,
        [days, id],
      );
    await backdate('revoked_at', 31, revokedLongAgo.share.id);
    await backdate('created_at', 61, goneLongAgo.share.id);
    await env.db.query('DELETE FROM generation_jobs WHERE id = $1', [removed.jobId]);
    const statusOf = async (link: { path: string }) => (await stranger(env.server.origin, link.path)).status;
    expect(await statusOf(goneLongAgo)).toBe(410);

    const storage = await openImageStorage(testConfig(env.dataDir), env.db);
    const counts = await storage.sweep();
    expect(counts.shareLinks).toBe(2);
    const left = await env.db.query<{ id: string }>(
      'SELECT id FROM share_links WHERE job_id = ANY($1::uuid[])',
      [[kept.jobId, removed.jobId]],
    );
    expect(left.map((row) => row.id).sort()).toEqual(
      [live.share.id, revokedLately.share.id, goneLately.share.id].sort(),
    );
    expect(await statusOf(goneLongAgo)).toBe(404);
    expect(await statusOf(goneLately)).toBe(410);
    expect(await statusOf(live)).toBe(200);
    expect((await storage.sweep()).shareLinks).toBe(0);
  });

  it('says the kitchen is gone (410) once its result is deleted or has expired', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const { path: page } = await shareOf(owner, jobId);
    await env.db.query(
      `UPDATE images SET expires_at = now() - interval '1 minute'
        WHERE id = (SELECT result_image_id FROM generation_jobs WHERE id = $1)`,
      [jobId],
    );
    const expired = await stranger(env.server.origin, page);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This Kitchen Is Gone');

    const other = await finishedKitchen(owner);
    const second = await shareOf(owner, other.jobId);
    await env.db.query('DELETE FROM generation_jobs WHERE id = $1', [other.jobId]);
    expect((await stranger(env.server.origin, second.path)).status).toBe(410);
  });

  it('is unknown (404) for guessed, malformed and hostile tokens, never the app shell', async () => {
    for (const token of ['x', 'A'.repeat(43), '%3Cscript%3E', `${'A'.repeat(42)}.`]) {
      const answer = await stranger(env.server.origin, `/share/${token}`);
      expect(answer.status, token).toBe(404);
      expect(answer.text).not.toContain('<script');
    }
    expect((await stranger(env.server.origin, '/share/a/b/c')).status).toBe(404);
  });

  it('tokens are 256 random bits, stored only as their hash', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner);
    const made = await Promise.all(
      Array.from({ length: LIVE_LINKS_PER_KITCHEN }, () => shareOf(owner, jobId)),
    );
    const tokens = made.map((link) => link.token);
    expect(new Set(tokens).size).toBe(LIVE_LINKS_PER_KITCHEN);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Every position takes many of the 64 symbols: no counter or timestamp hides in the token.
    const symbols = new Set(tokens.join(''));
    expect(symbols.size).toBeGreaterThan(55);
    const stored = await env.db.query<{ hash: Uint8Array }>(
      'SELECT token_hash AS hash FROM share_links WHERE job_id = $1',
      [jobId],
    );
    const hashes = new Set(stored.map((row) => Buffer.from(row.hash).toString('hex')));
    for (const token of tokens) expect(hashes.has(hashShareToken(token).toString('hex'))).toBe(true);
    const dump = JSON.stringify(await env.db.query('SELECT * FROM share_links WHERE job_id = $1', [jobId]));
    for (const token of tokens) expect(dump).not.toContain(token);
  });
});

describe('only the owner', () => {
  it('may make, list or revoke a link to their kitchen; anyone else is told it does not exist', async () => {
    const owner = newUser();
    const intruder = newUser();
    await intruder.upload();
    const { jobId } = await finishedKitchen(owner);
    const { path: page, share } = await shareOf(owner, jobId);

    const made = await postShare(intruder, jobId);
    expect(made.status).toBe(404);
    expect(apiErrorSchema.parse(made.body).code).toBe('RESULT_NOT_FOUND');
    expect(shareListSchema.parse((await intruder.request(sharesPath(jobId))).body).shares).toEqual([]);
    const revoked = await revoke(intruder, share.id);
    expect(revoked.status).toBe(404);
    expect(apiErrorSchema.parse(revoked.body).code).toBe('SHARE_NOT_FOUND');
    expect((await stranger(env.server.origin, page)).status).toBe(200);
    // Nor can a cookie-less caller, nor a page of another site.
    expect((await new GenerationClient(env.server.origin).request(sharesPath(jobId))).body).toEqual({
      shares: [],
    });
    const crossSite = await postShare(owner, jobId).then(() =>
      owner.request(sharesPath(jobId), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        body: JSON.stringify({ includeBefore: true }),
      }),
    );
    expect(crossSite.status).toBe(403);
    const ownerSheet = await stranger(env.server.origin, `/spec-sheet/${jobId}`);
    expect(ownerSheet.status).toBe(404);
  });

  it('a job that is not a finished kitchen cannot be shared', async () => {
    const owner = newUser();
    const imageId = await owner.upload();
    expect((await postShare(owner, imageId)).status).toBe(404);
    expect((await postShare(owner, 'not-a-uuid')).status).toBe(404);
    const { jobId } = await finishedKitchen(owner);
    const bad = await owner.request(sharesPath(jobId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ includeBefore: 'yes' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('the spec sheet', () => {
  it('lists the choices, colour values and minimum room, and says where a price comes from, as a shop would', async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner, { frontalId: ampersandFront.id, worktopId: worktop.id });
    const { path: page } = await shareOf(owner, jobId);
    const sheet = await stranger(env.server.origin, `${page}/spec-sheet`);
    expect(sheet.status).toBe(200);
    expect(sheet.text).toContain('@media print');
    expect(sheet.text).toContain('3 m × 3 m');
    expect(sheet.text).toContain(ampersandFront.hex);
    expect(sheet.text).toContain('Take this sheet to your kitchen retailer or fitter for a quote.');
    expect(sheet.text).not.toContain('Prices are not available');
    expect(sheet.text).not.toContain('Total');
    // One column of what was chosen, no second heading for the same names (issue 36).
    expect(sheet.text).toContain('<th scope="col">Choice</th><th scope="col">Chosen</th>');
    expect(sheet.text).not.toContain('Catalogue name');
    // On paper: the brand, the day it was made and the address to come back to.
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(sheet.text).toContain(`Made on ${today}`);
    expect(sheet.text).toContain(
      `<div class="print-only print-brand"><strong>Kitchen Reimagined</strong><span>${env.server.origin}${page}</span></div>`,
    );
    expect(sheet.text).toContain(`See it again at ${env.server.origin}${page}`);
    expect(sheet.text).toContain('.print-only{display:block}');
    // Unpriced: no Price column of empty cells; colour values only as the swatches' tooltips, never bare text.
    expect(sheet.text).not.toContain('>Price<');
    expect(sheet.text).not.toContain(`<td>${ampersandFront.hex}</td>`);
    expect(sheet.text).toContain(`<title>${ampersandFront.hex}</title>`);
    // A print button (its script allowed by hash), and the way back to the page the sheet came from.
    expect(sheet.text).toContain('<button type="button" id="print" class="button button--primary">');
    expect(sheet.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(sheet.text).toContain(
      `<a class="button button--secondary" href="${page}">Back to the kitchen</a>`,
    );
    expect(sheet.text).toContain('.site-header,.screen-only{display:none}');

    const own = await owner.request(`/spec-sheet/${jobId}`);
    expect(own.status).toBe(200);
    expect(String(own.body)).toContain(worktop.hex);

    const choices = jobChoicesResponseSchema.parse(
      (await owner.request(jobPath(sharePaths.jobChoices, jobId))).body,
    );
    expect(choices.description.choices.map((choice) => choice.step)).toContain('material-preview');
    expect(choices.description.total).toBeNull();
  });

  it("names a studio's added step on the share page, the spec sheet and the side-by-side answer, in words only", async () => {
    const owner = newUser();
    const { jobId } = await finishedKitchen(owner, { choices: [SPLASHBACK] });
    const { path: page } = await shareOf(owner, jobId);
    // No swatch, no colour value, no price: the server cannot look the step up.
    const shared = (await stranger(env.server.origin, page)).text;
    expect(shared).toContain('<dt>Splashback</dt><dd>Tiles &amp; grout</dd>');
    const sheet = (await stranger(env.server.origin, `${page}/spec-sheet`)).text;
    expect(sheet).toContain('<tr><th scope="row">Splashback</th><td>Tiles &amp; grout</td></tr>');
    const { description } = jobChoicesResponseSchema.parse(
      (await owner.request(jobPath(sharePaths.jobChoices, jobId))).body,
    );
    // In the wizard's order, the step the contract does not list last; one chosen option's shape (issue 23).
    expect(description.choices.map((choice) => choice.step)).toEqual([...KNOWN_CHOICE_STEPS, 'splashback']);
    expect(description.choices.at(-1)).toEqual({
      step: 'splashback',
      name: 'Splashback',
      value: 'tiles',
      label: 'Tiles & grout',
    });
  });

  it('totals the prices a documented price list gives', async () => {
    const priceFile = path.join(env.dataDir, 'prices.json');
    writeFileSync(
      priceFile,
      JSON.stringify({
        source: 'Test supplier list, 2026-11',
        currency: 'GBP',
        prices: { [ampersandFront.id]: 1200.5, [worktop.id]: 850.25 },
      }),
    );
    const priced = await startServer(
      testConfig(env.dataDir, { generationLimit: 20, priceListFile: priceFile }),
      {
        db: env.db,
      },
    );
    try {
      const owner = new GenerationClient(priced.origin);
      const { jobId } = await finishedKitchen(owner, {
        frontalId: ampersandFront.id,
        worktopId: worktop.id,
        choices: [SPLASHBACK],
      });
      const { path: page } = await shareOf(owner, jobId);
      const sheet = (await stranger(priced.origin, `${page}/spec-sheet`)).text;
      expect(sheet).toContain('£1,200.50');
      expect(sheet).toContain('£850.25');
      expect(sheet).toContain('£2,050.75');
      // The added step has no price and leaves the total whole: it is not a priced item.
      expect(sheet).toContain(
        '<th scope="row">Splashback</th><td>Tiles &amp; grout</td><td class="amount">–</td>',
      );
      expect(sheet).toContain('<th scope="col" class="amount">Price</th>');
      expect(sheet).not.toContain('of the priced items');
      expect(sheet).toContain('Test supplier list, 2026-11');
    } finally {
      await priced.close();
    }
  });
});

describe('links on a public address', () => {
  it('name the operator’s PUBLIC_BASE_URL, whatever Host a request carries', async () => {
    const publicBaseUrl = 'https://kitchens.example.com';
    const hosted = await startServer(testConfig(env.dataDir, { generationLimit: 20, publicBaseUrl }), {
      db: env.db,
    });
    try {
      const owner = new GenerationClient(hosted.origin);
      const { jobId } = await finishedKitchen(owner);
      const answer = await postShare(owner, jobId);
      expect(answer.status).toBe(201);
      const { url } = createdShareSchema.parse(answer.body);
      expect(url).toMatch(/^https:\/\/kitchens\.example\.com\/share\/[A-Za-z0-9_-]{43}$/);

      // A crawler (or anyone) asking with a Host of its own choosing gets the canonical address all the same.
      const page = await withHost(hosted.origin, new URL(url).pathname, 'attacker.example');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<meta property="og:url" content="${url}">`);
      expect(page.text).toContain(`<meta property="og:image" content="${url}/og.jpg">`);
      expect(page.text).not.toContain('attacker.example');
    } finally {
      await hosted.close();
    }
  });
});

/** A GET whose Host header names `host` (fetch would send the origin's). */
function withHost(origin: string, path: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
  });
}

describe('the OpenAPI document', () => {
  it('lists every owner call of share links', async () => {
    const document = (await (await fetch(`${env.server.origin}${API_PREFIX}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of Object.values(sharePaths)) {
      expect(Object.keys(document.paths)).toContain(`${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`);
    }
    expect(Object.keys(document.paths[`${API_PREFIX}/kitchen/jobs/{id}/shares`] ?? {})).toEqual([
      'get',
      'post',
    ]);
  });
});
