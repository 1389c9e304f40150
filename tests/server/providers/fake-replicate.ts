// A local Replicate API, wire format from shared/reference/providers.md §2.1: `POST /v1/models/{o}/{n}/predictions`
// (and `/v1/predictions` with a version) honouring `Prefer: wait`, `GET /v1/predictions/{id}` moving
// starting → processing → succeeded | failed, `POST .../cancel`, outputs served from a file host (`/files/...`),
// problem JSON errors and 429 `{"detail":...}` with `Retry-After`.
import type { ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { type FakeServer, jsonOf, sendJson, startFake } from './fake-server';

export const REPLICATE_TEST_TOKEN = 'r8_test_token';
export const FLUX_KONTEXT_PATH = '/v1/models/black-forest-labs/flux-kontext-pro/predictions';
export const FLUX_FILL_PATH = '/v1/models/black-forest-labs/flux-fill-pro/predictions';

export type ReplicateBehaviour =
  | 'answers-at-once'
  | 'answers-later'
  | 'throttled-once'
  | 'throttled'
  | 'outage-on-create'
  | 'outage-on-poll-once'
  | 'silent'
  | 'never-ends'
  | 'refuses'
  | 'not-json'
  | 'no-output'
  /** Succeeds with an output of 20 MP (a tiny PNG: one colour), past the server's pixel cap. */
  | 'draws-too-many-pixels'
  /** Succeeds with an output that streams 30 MB, with no content-length to warn of it. */
  | 'draws-too-many-bytes'
  /** Succeeds with an output that is text, not a picture. */
  | 'draws-not-a-picture'
  /** Succeed with a square output of that side (a small 1-bit PNG): 256 MP, under sharp's own limit; 400 MP. */
  | 'draws-16000-square'
  | 'draws-20000-square';

export interface FakeReplicate extends FakeServer {
  behaviour: ReplicateBehaviour;
}

/** flux-kontext's refusal as a failed prediction; the reference documents only "status failed with error". */
export const REPLICATE_REFUSAL = 'Content flagged as sensitive by the safety filter. Try a different input.';

interface StoredPrediction {
  id: string;
  polls: number;
  /** flux-kontext's `input_image`, or flux-fill's `image` and `mask` (white = paint) and `seed`. */
  input: { input_image?: string; image?: string; mask?: string; seed?: number };
}

const problem = (status: number, title: string, detail: string) => ({
  type: 'https://replicate.com/docs/errors',
  title,
  status,
  detail,
});

/** `megabytes` of zeros, chunked, for as long as the client reads them. */
function streamMegabytes(response: ServerResponse, megabytes: number): void {
  response.writeHead(200, { 'content-type': 'image/png' });
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  const more = () => {
    while (sent < megabytes && !response.destroyed) {
      sent += 1;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    response.end();
  };
  more();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
};

/** A black square PNG of `side` pixels, 1 bit each: tens of KB, however many pixels it declares. */
function hugeBlackSquare(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit grey, deflate, no filter, no interlace
  // Every row is filter byte 0 and black pixels: all zeros.
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const predictions = new Map<string, StoredPrediction>();
  const outputs = new Map<string, Buffer>();

  function body(prediction: StoredPrediction, origin: string, status: string) {
    const done = status === 'succeeded';
    return {
      id: prediction.id,
      model: 'black-forest-labs/flux-kontext-pro',
      version: 'hidden',
      status,
      input: { prompt: '…' },
      output: done ? `${origin}/files/${prediction.id}/out.png` : null,
      error: status === 'failed' ? REPLICATE_REFUSAL : null,
      logs: '',
      data_removed: false,
      metrics: done ? { predict_time: 4.52, total_time: 5.1 } : {},
      created_at: '2026-01-01T00:00:00.000Z',
      urls: {
        get: `${origin}/v1/predictions/${prediction.id}`,
        cancel: `${origin}/v1/predictions/${prediction.id}/cancel`,
        web: `https://replicate.com/p/${prediction.id}`,
      },
    };
  }

  /** "Runs" the model: the input image back as PNG, a little wider than the photo as a real model might. */
  async function draw(prediction: StoredPrediction): Promise<void> {
    const square = /^draws-(\d+)-square$/.exec(state.behaviour)?.[1];
    if (square) return void outputs.set(prediction.id, hugeBlackSquare(Number(square)));
    if (state.behaviour === 'draws-not-a-picture')
      return void outputs.set(prediction.id, Buffer.from('<html>the model is warming up</html>'));
    if (state.behaviour === 'draws-too-many-pixels') {
      const huge = { width: 5000, height: 4000, channels: 3 as const, background: '#808080' };
      outputs.set(prediction.id, await sharp({ create: huge }).png().toBuffer());
      return;
    }
    const filling = prediction.input.image !== undefined;
    const [, base64 = ''] = ((filling ? prediction.input.image : prediction.input.input_image) ?? '').split(
      ',',
    );
    const input = sharp(Buffer.from(base64, 'base64'));
    const { width = 1, height = 1 } = await input.metadata();
    const drawn = input.resize(Math.round(width * 1.05), height, { fit: 'fill' });
    // Inpainting, it inverts the whole picture, as a model that also moved the room would change it.
    outputs.set(prediction.id, await (filling ? drawn.negate({ alpha: false }) : drawn).png().toBuffer());
  }

  const fake = await startFake(async (request, response, origin) => {
    const [path] = request.url.split('?');
    const throttled = () =>
      sendJson(
        response,
        429,
        { detail: 'Request was throttled. Your rate limit resets in ~30s.' },
        { 'retry-after': '1' },
      );

    if (path?.startsWith('/files/')) {
      const id = path.split('/')[2] ?? '';
      const output = outputs.get(id);
      if (!output) return response.writeHead(404).end();
      if (state.behaviour === 'draws-too-many-bytes') return streamMegabytes(response, 30);
      return response.writeHead(200, { 'content-type': 'image/png' }).end(output);
    }
    if (request.headers.authorization !== `Bearer ${REPLICATE_TEST_TOKEN}`) {
      return sendJson(
        response,
        401,
        problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'),
      );
    }

    if (request.method === 'POST' && (path === FLUX_KONTEXT_PATH || path === FLUX_FILL_PATH)) {
      const creates = state.to(path).length;
      switch (state.behaviour) {
        case 'silent':
          return;
        case 'throttled':
          return throttled();
        case 'throttled-once':
          if (creates === 1) return throttled();
          break;
        case 'outage-on-create':
          return sendJson(response, 500, problem(500, 'Internal Server Error', 'Something went wrong'));
        case 'not-json':
          return response.writeHead(201, { 'content-type': 'text/html' }).end('<html>gateway</html>');
        default:
          break;
      }
      const { input } = jsonOf(request) as { input: StoredPrediction['input'] };
      const prediction: StoredPrediction = { id: `pred${predictions.size + 1}x${creates}`, polls: 0, input };
      predictions.set(prediction.id, prediction);
      const atOnce = state.behaviour === 'answers-at-once' || state.behaviour === 'throttled-once';
      if (atOnce) await draw(prediction);
      // `Prefer: wait` held the answer until the model finished, or returns it still starting.
      return sendJson(response, 201, body(prediction, origin, atOnce ? 'succeeded' : 'starting'));
    }

    const match = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path ?? '');
    const prediction = match ? predictions.get(match[1] ?? '') : undefined;
    if (!prediction)
      return sendJson(response, 404, problem(404, 'Not found', 'The requested resource could not be found'));
    if (match?.[2]) return sendJson(response, 200, body(prediction, origin, 'canceled'));

    prediction.polls += 1;
    if (state.behaviour === 'outage-on-poll-once' && prediction.polls === 1) {
      return sendJson(response, 503, problem(503, 'Service Unavailable', 'Try again shortly'));
    }
    if (prediction.polls < 2 || state.behaviour === 'never-ends')
      return sendJson(response, 200, body(prediction, origin, 'processing'));
    if (state.behaviour === 'refuses') return sendJson(response, 200, body(prediction, origin, 'failed'));
    if (state.behaviour === 'no-output')
      return sendJson(response, 200, { ...body(prediction, origin, 'succeeded'), output: 42 });
    await draw(prediction);
    return sendJson(response, 200, body(prediction, origin, 'succeeded'));
  });
  const state: FakeReplicate = Object.assign(fake, { behaviour: 'answers-at-once' as ReplicateBehaviour });
  return state;
}
