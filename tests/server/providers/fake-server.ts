// A loopback HTTP server for the provider fakes: records every request whole and lets each fake answer (or
// never answer) as its provider would. Real sockets, so the adapters' fetch, time limits and aborts are real.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse, origin: string) => unknown;

export interface FakeServer {
  origin: string;
  requests: RecordedRequest[];
  /** Requests whose path (without query) is `path`. */
  to(path: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let origin = '';
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      Promise.resolve(handler(request, response, origin)).catch((error: unknown) => {
        response.writeHead(599).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    to: (path) => requests.filter((request) => request.url.split('?')[0] === path),
    close: () =>
      new Promise((resolve) => {
        // Requests the fake never answered (the timeout cases) would otherwise hold the close.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A multipart body parsed by the platform's own parser (undici), as a server framework would. */
export function formDataOf(request: RecordedRequest): Promise<FormData> {
  const type = String(request.headers['content-type'] ?? '');
  return new Response(new Uint8Array(request.body), { headers: { 'content-type': type } }).formData();
}

export const jsonOf = (request: RecordedRequest): unknown => JSON.parse(request.body.toString('utf8'));
