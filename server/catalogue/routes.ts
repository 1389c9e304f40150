import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cataloguePaths } from '../../contract/endpoints';
import { apiErrorBody, HttpError } from '../http/errors';
import * as answers from './answers';
import { BoundedCache } from './bounded-cache';
import { catalogue, SWATCH_RENDER_VERSION, SWATCH_ROUTE } from './catalogue';
import { notFound } from './errors';
import { type PreparedBody, prepareBody, sendPrepared } from './http-cache';
import { optionalText, requiredBoolean, requiredText } from './query';
import { createSwatchStore } from './swatch-store';

// The catalogue's routes (spec §7, all GET), served from memory: each distinct answer is serialised and
// hashed once, then sent with an ETag and a five-minute freshness (spec §9). No database per request.

const JSON_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: 'public, max-age=300' };
// A swatch URL carries the render version and the id names what is drawn, so its bytes never change.
const SWATCH_HEADERS = { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' };
const SWATCH_FILE = /^([0-9a-f-]{36})\.webp$/;

type Argument = string | boolean | undefined;

const normaliseArgument = (value: Argument) => (typeof value === 'string' ? answers.nameKey(value) : value);

/** Answers a refused request in the API error shape here, so the plugin does not depend on the app's error handler. */
function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof HttpError)) throw error;
  return reply.code(error.statusCode).send(apiErrorBody(error.statusCode, error.message, error.code));
}

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  const swatches = createSwatchStore(catalogue);
  // Only answers that succeeded are kept, keyed by their normalised arguments: a finite set.
  const prepared = new BoundedCache<string, PreparedBody>(20_000);

  /** A GET route whose arguments are read from the request and whose answer is prepared once per key. */
  function lookup<const Args extends readonly Argument[]>(
    name: keyof typeof cataloguePaths,
    read: (request: FastifyRequest) => Args,
    answer: (...args: Args) => object,
  ) {
    app.get(cataloguePaths[name].path, async (request, reply) => {
      try {
        const args = read(request);
        const key = JSON.stringify([name, ...args.map(normaliseArgument)]);
        let body = prepared.get(key);
        if (!body) {
          body = prepareBody(JSON.stringify(answer(...args)));
          prepared.set(key, body);
        }
        return sendPrepared(request, reply, body, JSON_HEADERS);
      } catch (error) {
        return sendError(reply, error);
      }
    });
  }

  const pathGroup = (request: FastifyRequest) => (request.params as { group?: string }).group ?? '';

  lookup(
    'worktopMaterials',
    () => [],
    () => answers.worktopMaterials(catalogue),
  );
  lookup(
    'worktopColourGroups',
    ({ query }) => [requiredText(query, 'material')],
    (material) => answers.worktopColourGroups(catalogue, material),
  );
  lookup(
    'worktopColours',
    (request) => [
      requiredText(request.query, 'material'),
      pathGroup(request),
      optionalText(request.query, 'colour_group'),
    ],
    (material, group, colourGroup) => answers.worktopColours(catalogue, material, group, colourGroup),
  );
  lookup(
    'worktopPreviews',
    ({ query }) => [
      requiredText(query, 'material'),
      optionalText(query, 'colour_group'),
      optionalText(query, 'colour'),
    ],
    (material, colourGroup, colour) => answers.worktopPreviews(catalogue, material, colourGroup, colour),
  );
  lookup(
    'doorStyleGroups',
    () => [],
    () => answers.doorStyleGroups(catalogue),
  );
  lookup(
    'handleStyles',
    ({ query }) => [requiredText(query, 'door_style_group')],
    (group) => answers.handleStyles(catalogue, group),
  );
  lookup(
    'finishes',
    ({ query }) => [requiredText(query, 'door_style_group'), requiredBoolean(query, 'is_handleless')],
    (group, isHandleless) => answers.finishes(catalogue, group, isHandleless),
  );
  lookup(
    'frontalColourGroups',
    ({ query }) => [
      requiredText(query, 'door_style_group'),
      requiredText(query, 'finish'),
      requiredBoolean(query, 'is_handleless'),
    ],
    (group, finish, isHandleless) => answers.frontalColourGroups(catalogue, group, finish, isHandleless),
  );
  lookup(
    'frontalPreviews',
    ({ query }) => [
      requiredText(query, 'door_style_group'),
      requiredBoolean(query, 'is_handleless'),
      requiredText(query, 'finish'),
      requiredText(query, 'colour_group'),
    ],
    (group, isHandleless, finish, colourGroup) =>
      answers.frontalPreviews(catalogue, group, isHandleless, finish, colourGroup),
  );

  app.get(SWATCH_ROUTE, async (request, reply) => {
    const { version, file } = request.params as { version: string; file: string };
    const swatchId = SWATCH_FILE.exec(file)?.[1];
    const swatch = version === SWATCH_RENDER_VERSION && swatchId ? await swatches.get(swatchId) : undefined;
    if (!swatch) return sendError(reply, notFound(`No swatch at ${version}/${file}.`));
    return sendPrepared(request, reply, swatch, SWATCH_HEADERS);
  });
};
