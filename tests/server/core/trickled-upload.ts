// A photo upload whose body arrives as slowly as the test says: for what a server does with a request still
// in flight (shutdown drains it, the request timeout cuts it off).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { IMAGE_UPLOAD_FIELD } from '../../../contract/images';

/** The server's answer, or how the connection ended without one. */
export type UploadOutcome = { status: number; body: string } | { status: 'closed'; error: string };

export interface TrickledUpload {
  /** Sends the next `count` bytes of the body (all that is left when omitted). */
  send(count?: number): void;
  readonly sentBytes: number;
  readonly totalBytes: number;
  outcome: Promise<UploadOutcome>;
}

function multipartBody(photo: Buffer, boundary: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${IMAGE_UPLOAD_FIELD}"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** Opens POST validate_image_content on a connection of its own and sends the headers, no body yet. */
export function startTrickledUpload(origin: string, photo: Buffer): TrickledUpload {
  const boundary = `kr-${randomUUID()}`;
  const body = multipartBody(photo, boundary);
  let sentBytes = 0;
  const request = http.request(`${origin}${API_PREFIX}${actionPaths.validateImageContent}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const outcome = new Promise<UploadOutcome>((resolve) => {
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.once('error', (error) => resolve({ status: 'closed', error: error.message }));
    });
    request.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 'closed', error: error.code ?? error.message }),
    );
  });
  request.flushHeaders();
  return {
    send(count = body.length - sentBytes) {
      const end = Math.min(body.length, sentBytes + count);
      if (request.destroyed || end === sentBytes) return;
      request.write(body.subarray(sentBytes, end));
      sentBytes = end;
      if (sentBytes === body.length) request.end();
    },
    get sentBytes() {
      return sentBytes;
    },
    totalBytes: body.length,
    outcome,
  };
}
