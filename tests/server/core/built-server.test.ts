// `npm start` runs the compiled server (dist-server/main.js), not the TypeScript the other tests import: this
// compiles it as `npm run build` does, starts it as its own process, and checks what a visitor and an operator
// see — the page with its boot data, the catalogue, a moderated upload, a clean stop on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../../contract/boot-data';
import { API_PREFIX, cataloguePaths } from '../../../contract/endpoints';
import { compileServer } from '../../../scripts/build';
import { repoRoot } from '../../support/paths';
import { temporaryDir, writeTestDist } from '../../support/server';
import { GenerationClient } from '../generation/generation-client';

// Inside the project, so the compiled modules find the packages in node_modules as dist-server/ does.
const cacheDir = path.join(repoRoot, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outDir = mkdtempSync(path.join(cacheDir, 'kr-built-server-'));
const temp = temporaryDir();

let server: ChildProcess;
let origin: string;
let output = '';

/** Waits for pino's "Server listening at …" line and answers the address. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (address) resolve(address);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
}

beforeAll(async () => {
  compileServer(outDir);
  server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(temp.dir, 'data'),
      DIST_DIR: writeTestDist(temp.dir),
      LOG_LEVEL: 'info',
      // The nsfw model runs in a thread started from its own file in dist-server/: checked by an upload below.
      MODERATION: 'nsfw',
      // The ComfyUI adapter reads its shipped workflow at start: a compiled server that lost the file would
      // not start at all. Nothing is sent to this address unless a generation is asked for.
      GENERATION_PROVIDER: 'comfyui',
      COMFYUI_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  origin = await listeningAddress(server);
}, 120_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
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

  it('moderates an uploaded photo with the nsfw model in its own thread', async () => {
    const verdict = await new GenerationClient(origin).validate(
      'kitchens/kitchen-02-white-island-pexels.jpg',
    );
    expect(verdict).toMatchObject({ isSafe: true });
  }, 60_000);

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
