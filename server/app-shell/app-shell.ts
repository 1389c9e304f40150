// Serves the built app: hashed assets from dist/ with long-lived caching, and index.html, with the session's
// boot data injected, for every app route (the history fallback), so a deep link or a reload loads the app.
// A path the build prerendered (home) gets its prerendered page instead, so its screen shows before any script.
// A path that is no page of the app gets the same shell, which shows Not Found, with a 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_DATA_ELEMENT_ID } from '../../contract/boot-data';
import { resultKindOf } from '../../contract/image-services';
import type { BootData } from '../../contract/users';
import { apiErrorBody } from '../http/errors';
import type { Sessions } from '../users/session';
import { isAppPage } from './app-pages';
import { PRERENDERED_DIR, readPrerenderedPages } from './prerendered-pages';

export interface AppShellOptions {
  distDir: string;
  publicBaseUrl: string;
  sessions: Sessions;
  /** The generation provider's name: the boot data tells the app, and home is prerendered for its kind. */
  imageService: string;
}

export const NOT_BUILT_MESSAGE = 'The app is not built: run `npm run build`, then start the server again.';

/** `<` escaped so no value inside the JSON can close the script element. */
export function bootDataElement(data: BootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script>`;
}

/** Splits index.html where the boot data goes, so each page load only joins three strings. */
function pageTemplate(html: string): (data: BootData) => string {
  const at = html.includes('</head>') ? html.indexOf('</head>') : 0;
  const before = html.slice(0, at);
  const after = html.slice(at);
  return (data) => `${before}${bootDataElement(data)}${after}`;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
/** The shell answers paths without a file extension in their last segment; a missing `/assets/x.js` is JSON. */
const isAppRoute = (pathname: string) => !/\.[^/]*$/.test(pathname) || pathname === '/index.html';

export async function installAppShell(app: FastifyInstance, options: AppShellOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(NOT_BUILT_MESSAGE);
  const render = built ? pageTemplate(readFileSync(indexFile, 'utf8')) : undefined;
  const prerendered = new Map(
    [...readPrerenderedPages(options.distDir, resultKindOf(options.imageService))].map(([pathname, html]) => [
      pathname,
      pageTemplate(html),
    ]),
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // index.html and the prerendered pages are only ever served through the shell, which adds the session's
      // boot data. The .br and .gz copies (scripts/compress-dist.ts) are sent in place of their originals to
      // clients that accept them.
      globIgnore: ['index.html', `${PRERENDERED_DIR}/**`, '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!render) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    const userId = await options.sessions.bootUserId(request, reply);
    const pathname = pathOf(request);
    const page = prerendered.get(pathname) ?? render;
    return reply
      .code(isAppPage(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page({ userId, baseUrl: options.publicBaseUrl, imageService: options.imageService }));
  };

  app.get('/', servePage);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request);
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (readsPage && !isApiPath(pathname) && isAppRoute(pathname)) return servePage(request, reply);
    return reply
      .code(404)
      .send(apiErrorBody(404, `No route for ${request.method} ${pathname}.`, 'NOT_FOUND'));
  });
}
