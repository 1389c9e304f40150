// A local ComfyUI server, wire format from shared/reference/providers.md §4.1: `POST /upload/image` (multipart)
// → `{name, subfolder, type}`, `POST /prompt` → `{prompt_id, number, node_errors}` or 400 with `node_errors`,
// `GET /history/{id}` → `{}` until the run ends, then outputs and status, `GET /view` → the image, `POST /interrupt`,
// `GET /queue` → `{queue_running, queue_pending}` (runs not yet ended) and `POST /queue` `{delete: [ids]}`.
import sharp from 'sharp';
import { type FakeServer, formDataOf, jsonOf, sendJson, startFake } from './fake-server';

export type ComfyUiBehaviour =
  | 'runs'
  | 'throttled'
  | 'outage'
  | 'silent-history'
  | 'never-ends'
  | 'run-fails'
  | 'invalid-workflow'
  | 'not-json';

export interface FakeComfyUi extends FakeServer {
  behaviour: ComfyUiBehaviour;
  /** Uploaded files by name, as ComfyUI keeps them in its input folder. */
  uploads: Map<string, Buffer>;
}

interface Node {
  class_type: string;
  inputs: Record<string, unknown>;
}

export async function startFakeComfyUi(): Promise<FakeComfyUi> {
  const uploads = new Map<string, Buffer>();
  const runs = new Map<string, { image: string; polls: number; ended: boolean; masked: boolean }>();
  const saved = new Map<string, Buffer>();
  // Ids are never reused, even after a run is deleted from the queue.
  let queuedCount = 0;

  const fake = await startFake(async (request, response) => {
    const url = new URL(request.url, 'http://fake');
    const { behaviour } = state;

    if (request.method === 'POST' && url.pathname === '/upload/image') {
      const form = await formDataOf(request);
      const image = form.get('image');
      if (!(image instanceof File)) return response.writeHead(400).end();
      uploads.set(image.name, Buffer.from(await image.arrayBuffer()));
      return sendJson(response, 200, {
        name: image.name,
        subfolder: '',
        type: String(form.get('type') ?? 'input'),
      });
    }

    if (request.method === 'POST' && url.pathname === '/prompt') {
      if (behaviour === 'throttled')
        return sendJson(response, 429, { error: 'Too many requests' }, { 'retry-after': '1' });
      if (behaviour === 'outage')
        return response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
      const { prompt } = jsonOf(request) as { prompt: Record<string, Node> };
      if (behaviour === 'invalid-workflow') {
        return sendJson(response, 400, {
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: '',
            extra_info: {},
          },
          node_errors: {
            '1': {
              errors: [
                {
                  type: 'value_not_in_list',
                  message: 'Value not in list',
                  details: "ckpt_name: 'x' not in []",
                  extra_info: {},
                },
              ],
              dependent_outputs: ['9'],
              class_type: 'CheckpointLoaderSimple',
            },
          },
        });
      }
      const loader = Object.values(prompt).find((node) => node.class_type === 'LoadImage');
      const masked = Object.values(prompt).some((node) => node.class_type === 'LoadImageMask');
      queuedCount += 1;
      const id = `prompt-${queuedCount}`;
      runs.set(id, { image: String(loader?.inputs.image), polls: 0, ended: false, masked });
      return sendJson(response, 200, { prompt_id: id, number: queuedCount, node_errors: {} });
    }

    const history = /^\/history\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && history) {
      const id = history[1] ?? '';
      const run = runs.get(id);
      if (!run) return sendJson(response, 200, {});
      run.polls += 1;
      if (behaviour === 'silent-history') return;
      if (behaviour === 'not-json')
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
      if (run.polls < 3 || behaviour === 'never-ends') return sendJson(response, 200, {});
      if (behaviour === 'run-fails') {
        return sendJson(response, 200, {
          [id]: {
            prompt: [1, id, {}, {}, ['9']],
            outputs: {},
            status: {
              status_str: 'error',
              completed: false,
              messages: [
                [
                  'execution_error',
                  {
                    prompt_id: id,
                    node_id: '7',
                    node_type: 'KSampler',
                    exception_message: 'CUDA out of memory',
                  },
                ],
              ],
            },
          },
        });
      }
      const input = uploads.get(run.image);
      if (!input) return sendJson(response, 500, { error: `no input ${run.image}` });
      run.ended = true;
      const filename = `kitchen-reimagined_${id}_.png`;
      // "Renders" the input, rounded to multiples of 8 as a latent round trip would; inpainting, it inverts the
      // whole picture, as a model that also moved the room would change it.
      const { width = 8, height = 8 } = await sharp(input).metadata();
      const drawn = sharp(input).resize(Math.floor(width / 8) * 8, Math.floor(height / 8) * 8, {
        fit: 'fill',
      });
      saved.set(filename, await (run.masked ? drawn.negate({ alpha: false }) : drawn).png().toBuffer());
      return sendJson(response, 200, {
        [id]: {
          prompt: [1, id, {}, {}, ['9']],
          outputs: { '9': { images: [{ filename, subfolder: '', type: 'output' }] } },
          status: {
            status_str: 'success',
            completed: true,
            messages: [['execution_start', { prompt_id: id }]],
          },
        },
      });
    }

    if (request.method === 'GET' && url.pathname === '/view') {
      const file =
        url.searchParams.get('type') === 'output'
          ? saved.get(url.searchParams.get('filename') ?? '')
          : undefined;
      if (!file) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': 'image/png' }).end(file);
    }

    if (url.pathname === '/queue') {
      if (request.method === 'POST') {
        const { delete: deleted = [] } = jsonOf(request) as { delete?: string[] };
        for (const id of deleted) runs.delete(id);
        return response.writeHead(200).end();
      }
      // As ComfyUI lists them: [number, prompt_id, prompt, extra_data, outputs_to_execute].
      const waiting = [...runs].filter(([, run]) => !run.ended).map(([id], n) => [n, id, {}, {}, ['9']]);
      return sendJson(response, 200, { queue_running: waiting.slice(0, 1), queue_pending: waiting.slice(1) });
    }

    if (request.method === 'POST' && url.pathname === '/interrupt') return response.writeHead(200).end();
    return response.writeHead(404).end('404: Not Found');
  });
  const state: FakeComfyUi = Object.assign(fake, { behaviour: 'runs' as ComfyUiBehaviour, uploads });
  return state;
}
