// A local OpenAI API, wire format from shared/reference/providers.md §1.1 and §1.2: multipart
// `POST /v1/images/edits` (`image` or `image[]`), 200 `{created, data:[{b64_json}], usage, ...}`, errors as
// `{"error":{message,type,param,code}}`, the safety refusal `moderation_blocked`, 429 with `retry-after`; and
// JSON `POST /v1/moderations` (at most one image per request), answering `{id, model, results:[...]}`.
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { type FakeServer, formDataOf, type RecordedRequest, sendJson, startFake } from './fake-server';

export const OPENAI_TEST_KEY = 'sk-test-openai';

export type OpenAiBehaviour =
  | 'draws'
  | 'throttled-once'
  | 'throttled'
  | 'outage'
  | 'silent'
  | 'refuses'
  | 'not-json'
  | 'not-a-picture';

export type ModerationBehaviour =
  | 'passes'
  | 'flags'
  | 'throttled-once'
  | 'throttled'
  | 'outage'
  | 'silent'
  | 'not-json'
  | 'malformed';

export interface FakeOpenAi extends FakeServer {
  /** How `/v1/images/edits` answers. */
  behaviour: OpenAiBehaviour;
  /** How `/v1/moderations` answers. */
  moderation: ModerationBehaviour;
}

const error = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

/** OpenAI's answer when it fails on its own side. */
const sendOutage = (response: ServerResponse, headers: Record<string, string>) =>
  sendJson(
    response,
    500,
    error('The server had an error while processing your request.', 'server_error', null),
    headers,
  );

const RATE_HEADERS = {
  'x-ratelimit-limit-requests': '5',
  'x-ratelimit-remaining-requests': '0',
  'x-ratelimit-reset-requests': '12ms',
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const routes: Record<string, (request: RecordedRequest, response: ServerResponse) => Promise<unknown>> = {
    '/v1/images/edits': answerEdit,
    '/v1/moderations': async (request, response) => answerModeration(state, request, response),
  };
  const fake = await startFake(async (request, response) => {
    const route = request.method === 'POST' ? routes[request.url] : undefined;
    if (!route) return sendJson(response, 404, error('Unknown route', 'invalid_request_error', null));
    if (request.headers.authorization !== `Bearer ${OPENAI_TEST_KEY}`) {
      return sendJson(
        response,
        401,
        error('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    return route(request, response);
  });

  async function answerEdit(request: RecordedRequest, response: ServerResponse) {
    const edits = state.to('/v1/images/edits').length;
    const headers = { 'x-request-id': `req_${edits}`, 'openai-processing-ms': '1234' };
    switch (state.behaviour) {
      case 'silent':
        return; // never answers
      case 'throttled':
        return sendJson(
          response,
          429,
          error('Rate limit reached for images per minute', 'requests', 'rate_limit_exceeded'),
          {
            ...headers,
            ...RATE_HEADERS,
            'retry-after-ms': '20',
          },
        );
      case 'throttled-once':
        if (edits === 1) {
          return sendJson(
            response,
            429,
            error('Rate limit reached for images per minute', 'requests', 'rate_limit_exceeded'),
            {
              ...headers,
              ...RATE_HEADERS,
              'retry-after': '1',
            },
          );
        }
        break;
      case 'outage':
        return sendOutage(response, headers);
      case 'refuses':
        return sendJson(
          response,
          400,
          {
            error: {
              message:
                'Your request was rejected by the safety system. If you believe this is an error, contact us.',
              type: 'image_generation_user_error',
              param: null,
              code: 'moderation_blocked',
              moderation_details: { moderation_stage: 'input', categories: ['sexual'] },
            },
          },
          headers,
        );
      case 'not-json':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream busy</html>');
      case 'not-a-picture':
        return sendJson(response, 200, {
          created: 1713833628,
          data: [{ b64_json: Buffer.from('no picture').toString('base64') }],
        });
      case 'draws':
        break;
    }
    const form = await formDataOf(request);
    const image = form.get('image') ?? form.get('image[]');
    if (!(image instanceof Blob))
      return sendJson(response, 400, error("Missing 'image'", 'invalid_request_error', null));
    const [width, height] = String(form.get('size')).split('x').map(Number);
    const mask = form.get('mask');
    if (mask instanceof Blob) {
      const { width: maskWidth, height: maskHeight } = await sharp(
        Buffer.from(await mask.arrayBuffer()),
      ).metadata();
      if (maskWidth !== width || maskHeight !== height)
        return sendJson(
          response,
          400,
          error('The mask must be the size of the image.', 'invalid_request_error', 'mask'),
        );
    }
    // "Draws" by returning the input at the requested size: enough to check the crop back to the photo. Asked to
    // edit within a mask, it inverts the whole picture, as a model that also moved the room would change it.
    const input = sharp(Buffer.from(await image.arrayBuffer())).resize(width, height, { fit: 'fill' });
    const drawn = await (mask instanceof Blob ? input.negate({ alpha: false }) : input).png().toBuffer();
    sendJson(
      response,
      200,
      {
        created: 1713833628,
        background: 'opaque',
        output_format: 'png',
        quality: form.get('quality'),
        size: form.get('size'),
        data: [{ b64_json: drawn.toString('base64') }],
        usage: { input_tokens: 1234, output_tokens: 6240, total_tokens: 7474 },
      },
      headers,
    );
  }

  const state: FakeOpenAi = Object.assign(fake, {
    behaviour: 'draws' as OpenAiBehaviour,
    moderation: 'passes' as ModerationBehaviour,
  });
  return state;
}

const MODERATION_MODELS = new Set([
  'omni-moderation-latest',
  'omni-moderation-2024-09-26',
  'text-moderation-latest',
  'text-moderation-stable',
]);

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

const IMAGE_APPLICABLE = new Set([
  'sexual',
  'violence',
  'violence/graphic',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
]);

/** The score the fake gives a flagged image in `sexual`; others stay low. */
export const FLAGGED_SEXUAL_SCORE = 0.97;

/** A moderation answer for one image input, shaped as §1.2 shows it (`illicit*` null, as the API may send). */
export function moderationAnswer(flagged: boolean) {
  const scoreOf = (category: string) => (flagged && category === 'sexual' ? FLAGGED_SEXUAL_SCORE : 0.000_2);
  const categories = Object.fromEntries(
    MODERATION_CATEGORIES.map((category) => [
      category,
      category.startsWith('illicit') ? null : flagged && category === 'sexual',
    ]),
  );
  return {
    id: 'modr-0123456789abcdef',
    model: 'omni-moderation-latest',
    results: [
      {
        flagged,
        categories,
        category_scores: Object.fromEntries(
          MODERATION_CATEGORIES.map((category) => [category, scoreOf(category)]),
        ),
        category_applied_input_types: Object.fromEntries(
          MODERATION_CATEGORIES.map((category) => [
            category,
            IMAGE_APPLICABLE.has(category) ? ['image'] : [],
          ]),
        ),
      },
    ],
  };
}

type ModerationPart = { type?: unknown; image_url?: { url?: unknown } };

/** What the endpoint checks before moderating: a known model, and at most one image, each a URL or data URL. */
function moderationRequestError(request: RecordedRequest): object | undefined {
  let body: { model?: unknown; input?: unknown };
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    return error('We could not parse the JSON body of your request.', 'invalid_request_error', null);
  }
  if (typeof body.model === 'string' && !MODERATION_MODELS.has(body.model))
    return error(`The model '${body.model}' does not exist`, 'invalid_request_error', 'model_not_found');
  const input = Array.isArray(body.input) ? body.input : [body.input];
  if (body.input === undefined || input.length === 0)
    return error("Missing required parameter: 'input'.", 'invalid_request_error', null);
  const images = input.filter(
    (part): part is ModerationPart => (part as ModerationPart)?.type === 'image_url',
  );
  if (images.length > 1)
    return {
      error: {
        message: `Number of images (${images.length}) exceeds maximum of 1`,
        type: 'invalid_request_error',
        param: 'input',
        code: 'too_many_images',
      },
    };
  const url = images[0]?.image_url?.url;
  if (images.length === 1 && !(typeof url === 'string' && /^(https:\/\/|data:image\/)/.test(url)))
    return error('Invalid image URL.', 'invalid_request_error', 'invalid_image_url');
  return undefined;
}

async function answerModeration(fake: FakeOpenAi, request: RecordedRequest, response: ServerResponse) {
  const asked = fake.to('/v1/moderations').length;
  const headers = { 'x-request-id': `req_mod_${asked}`, 'openai-processing-ms': '87' };
  // Both of the delays the SDK honours: milliseconds, and the standard header in seconds.
  const throttled = (delay: Record<string, string>) =>
    sendJson(response, 429, error('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'), {
      ...headers,
      ...RATE_HEADERS,
      ...delay,
    });
  switch (fake.moderation) {
    case 'silent':
      return; // never answers
    case 'throttled':
      return throttled({ 'retry-after-ms': '20' });
    case 'throttled-once':
      if (asked === 1) return throttled({ 'retry-after': '1' });
      break;
    case 'outage':
      return sendOutage(response, headers);
    case 'not-json':
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream busy</html>');
    case 'malformed':
      return sendJson(response, 200, {
        id: 'modr-1',
        model: 'omni-moderation-latest',
        results: [{ flagged: 'no' }],
      });
    case 'passes':
    case 'flags':
      break;
  }
  const invalid = moderationRequestError(request);
  if (invalid) return sendJson(response, 400, invalid, headers);
  return sendJson(response, 200, moderationAnswer(fake.moderation === 'flags'), headers);
}
