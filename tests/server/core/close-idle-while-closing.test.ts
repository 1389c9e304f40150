// A close that begins while answers are still on their way: each answer arrives whole, its kept-alive connection
// closes soon after it (within CLOSE_IDLE_EVERY_MS), and the close resolves then, not after the keep-alive timeout (here ten minutes, so a connection
// left open fails the test by its time limit). Before the close, answers keep their connections alive.
import http from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { closeConnectionsAsTheyFallIdle } from '../../../server/ops/close-idle-while-closing';

interface Held {
  /** The body of `/stream`, pushed by the test. */
  stream: Readable;
  /** Resolves when `/held` is in its handler, which answers when the test releases it. */
  entered: Promise<void>;
  release: (body: string) => void;
}

/** A promise and the function that resolves it. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

let app: FastifyInstance;
let agent: http.Agent;

async function startApp(): Promise<{ origin: string; held: Held }> {
  app = Fastify({ keepAliveTimeout: 600_000, return503OnClosing: true });
  closeConnectionsAsTheyFallIdle(app);
  const entered = deferred();
  const answer = deferred<string>();
  const held: Held = {
    stream: new Readable({ read() {} }),
    entered: entered.promise,
    release: answer.resolve,
  };
  app.get('/stream', async (_request, reply) => reply.type('text/plain').send(held.stream));
  app.get('/held', async () => {
    entered.resolve();
    return { answer: await answer.promise };
  });
  app.get('/quick', async () => ({ quick: true }));
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  agent = new http.Agent({ keepAlive: true });
  return { origin, held };
}

afterEach(async () => {
  agent.destroy();
  await app.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  /** Resolves when the server closes the connection the answer came on. */
  socketClosed: Promise<void>;
}

/** A GET on the kept-alive agent; `onHeaders` runs once the headers are in, before the body is read. */
function get(url: string, onHeaders: () => void = () => {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        const socketClosed = new Promise<void>((closed) => response.socket.once('close', () => closed()));
        onHeaders();
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
            socketClosed,
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * Begins the close and waits until the listener has stopped (Node has closed the idle connections then). The
 * close itself comes wrapped: awaiting a bare promise here would wait for the whole close.
 */
async function beginClose(): Promise<{ closed: Promise<undefined> }> {
  const closed = app.close();
  await expect.poll(() => app.server.listening).toBe(false);
  return { closed };
}

it('keeps connections alive while serving', async () => {
  const { origin } = await startApp();
  const answer = await get(`${origin}/quick`);
  expect(answer.status).toBe(200);
  expect(answer.connection).toBe('keep-alive');
});

it('closes a streamed answer’s connection when the stream ends after the close began', async () => {
  const { origin, held } = await startApp();
  held.stream.push('first part, ');
  const headers = deferred();
  const answer = get(`${origin}/stream`, headers.resolve);
  await headers.promise;

  const { closed } = await beginClose();
  held.stream.push('last part');
  held.stream.push(null);
  const { status, body, socketClosed } = await answer;
  expect(status).toBe(200);
  expect(body).toBe('first part, last part');
  await socketClosed;
  await closed;
});

it('closes the connection of a request still in its handler when the close began, once answered', async () => {
  const { origin, held } = await startApp();
  const answer = get(`${origin}/held`);
  await held.entered;

  const { closed } = await beginClose();
  held.release('given after the close began');
  const { status, body, socketClosed } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(body)).toEqual({ answer: 'given after the close began' });
  await socketClosed;
  await closed;
});
