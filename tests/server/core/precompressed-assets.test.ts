// Built assets go out pre-compressed to clients that accept it, and as they are to those that do not.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compressDirectory } from '../../../scripts/compress-dist';
import {
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../../tooling/server';

let server: RunningServer;
const temp = temporaryDir();
const bundle = `${'export const kitchen = "reimagined";\n'.repeat(400)}`;

beforeAll(async () => {
  const distDir = writeTestDist(temp.dir);
  writeFileSync(path.join(distDir, 'assets', 'big-Test5678.js'), bundle);
  compressDirectory(distDir);
  server = await startServer(testConfig(temp.dir, { distDir }));
}, 60_000);

afterAll(async () => {
  await server?.close();
  temp.remove();
});

/** A raw GET (fetch would decode the body and hide the encoding). */
const get = (url: string, acceptEncoding?: string) =>
  new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });

it('sends the Brotli copy to a browser that accepts it', async () => {
  const answer = await get(`${server.origin}/assets/big-Test5678.js`, 'gzip, deflate, br');
  expect(answer.encoding).toBe('br');
  expect(answer.body.length).toBeLessThan(bundle.length / 10);
  expect(brotliDecompressSync(answer.body).toString()).toBe(bundle);
});

it('sends the file as it is to a client that accepts no encoding, and never the copies by their own names', async () => {
  const answer = await get(`${server.origin}/assets/big-Test5678.js`);
  expect(answer.encoding).toBeUndefined();
  expect(answer.body.toString()).toBe(
    readFileSync(path.join(temp.dir, 'dist', 'assets', 'big-Test5678.js'), 'utf8'),
  );
  expect((await fetch(`${server.origin}/assets/big-Test5678.js.br`)).status).toBe(404);
});
