// A local OpenAI Images API, wire format from shared/reference/providers.md §1.1: multipart
// `POST /v1/images/edits` (`image` or `image[]`), 200 `{created, data:[{b64_json}], usage, ...}`, errors as
// `{"error":{message,type,param,code}}`, the safety refusal `moderation_blocked`, 429 with `retry-after`.
import sharp from 'sharp';
import { type FakeServer, formDataOf, sendJson, startFake } from './fake-server';

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

export interface FakeOpenAi extends FakeServer {
  behaviour: OpenAiBehaviour;
}

const error = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

const RATE_HEADERS = {
  'x-ratelimit-limit-requests': '5',
  'x-ratelimit-remaining-requests': '0',
  'x-ratelimit-reset-requests': '12ms',
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake = await startFake(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/images/edits') {
      return sendJson(response, 404, error('Unknown route', 'invalid_request_error', null));
    }
    if (request.headers.authorization !== `Bearer ${OPENAI_TEST_KEY}`) {
      return sendJson(
        response,
        401,
        error('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
      );
    }
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
        return sendJson(
          response,
          500,
          error('The server had an error while processing your request.', 'server_error', null),
          headers,
        );
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
    // "Draws" by returning the input at the requested size: enough to check the crop back to the photo.
    const drawn = await sharp(Buffer.from(await image.arrayBuffer()))
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer();
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
  });
  const state: FakeOpenAi = Object.assign(fake, { behaviour: 'draws' as OpenAiBehaviour });
  return state;
}
