// `npm start` runs the compiled server (dist-server/main.js), not the TypeScript the other tests import: this
// starts the run's compile of it (made as `npm run build` makes it, tests/support/compiled-server-setup.ts) as its
// own process, on a data directory of its own, and checks what a visitor and an operator see — the page with its
// boot data, the catalogue, a moderated upload, a clean stop on SIGTERM.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../../contract/boot-data';
import { API_PREFIX, cataloguePaths } from '../../../contract/endpoints';
import { temporaryDir, writeTestDist } from '../../../tooling/server';
import { type ServerProcess, startServerProcess } from '../../support/server-process';
import { GenerationClient } from '../generation/generation-client';

const temp = temporaryDir();
let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  server = await startServerProcess([inject('compiledServer').mainJs], {
    DATA_DIR: path.join(temp.dir, 'data'),
    DIST_DIR: writeTestDist(temp.dir),
    // The nsfw model runs in a thread started from its own file in dist-server/: checked by an upload below.
    MODERATION: 'nsfw',
    // The ComfyUI adapter reads its shipped workflow at start: a compiled server that lost the file would
    // not start at all. Nothing is sent to this address unless a generation is asked for.
    GENERATION_PROVIDER: 'comfyui',
    COMFYUI_URL: 'http://127.0.0.1:9',
  });
  origin = server.origin;
}, 120_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  temp.remove();
});

describe('the compiled server (npm start)', () => {
  it('serves the app shell with the session boot data', async () => {
    const answer = await fetch(`${origin}/create-kitchen/upload-image`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`id="${BOOT_DATA_ELEMENT_ID}"`);
    expect(html).toMatch(/"userId":\d+/);
  });

  it('answers the catalogue', async () => {
    const answer = await fetch(`${origin}${API_PREFIX}${cataloguePaths.worktopMaterials.path}`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { materials: unknown[] };
    expect(body.materials.length).toBeGreaterThan(0);
  });

  it('moderates an uploaded photo with the nsfw model in its own thread, and checks it for a kitchen', async () => {
    const verdict = await new GenerationClient(origin).validate();
    // The detector's model files are read from node_modules by the compiled thread: found, the check is made.
    expect(verdict).toMatchObject({ isSafe: true, kitchenCheck: { looksLikeKitchen: true } });
  }, 60_000);

  it('stops cleanly on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });
});
