// Issue 34, point 6: a share token never reaches the log, however the request spells its path: percent-encoded
// letters, an absolute-form request line (`GET http://host/share/<token>`), another case, doubled slashes. A
// share page's request is logged as its route with the token redacted. Through the real server, on PGlite and
// on two PostgreSQL instances, with a real link, its requests sent as raw HTTP so nothing normalises them.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { GenerationClient } from '../generation/generation-client';
import { finishedKitchen, shareOf } from '../sharing/share-client';

interface RequestLine {
  msg: string;
  req?: { url?: string };
}

/** One GET with `target` exactly as the request line's target; the answer's status. */
function rawGet(origin: string, target: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nConnection: close\r\n\r\n`);
  });
}

/** `text` with its first letter percent-encoded, as a client may spell any unreserved character. */
const encodedFirst = (text: string) =>
  `%${(text.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}${text.slice(1)}`;

describe.each(deploymentCases)('share tokens in the request log on $name', (deploymentCase) => {
  const written: string[] = [];
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await deploymentCase.start(
      { logLevel: 'info' },
      { logDestination: { write: (line) => void written.push(line) } },
    );
  }, 90_000);
  afterAll(() => deployment?.close());

  it('are redacted whatever the spelling, and a share page is logged as its route', async () => {
    const origin = deployment.origins[0] ?? '';
    const owner = new GenerationClient(origin);
    const { jobId } = await finishedKitchen(owner);
    const { token } = await shareOf(owner, jobId, true);
    const host = new URL(origin).host;
    // Each spelling, and the route it is logged as when the server serves it as a share page.
    const spellings: Array<[string, string | null]> = [
      [`/%73hare/${token}`, '/share/[redacted]'],
      [`/sh%61re/${token}/kitchen`, '/share/[redacted]/kitchen'],
      [`/share/${encodedFirst(token)}/spec-sheet`, '/share/[redacted]/spec-sheet'],
      [`http://${host}/share/${token}`, '/share/[redacted]'],
      [`http://${host}/%73hare/${token}/before?x=1`, '/share/[redacted]/before'],
      [`/SHARE/${token}`, null],
      [`//share/${token}`, null],
      [`/share/${token}/no-such-page`, null],
      [`/%2573hare/${token}`, null],
    ];
    const statuses: Record<string, number> = {};
    for (const [target] of spellings) statuses[target] = await rawGet(origin, target);
    // The served ones are real share pages (the spellings reach the token's route).
    expect(spellings.filter(([, route]) => route).map(([target]) => statuses[target])).toEqual(
      Array(5).fill(200),
    );

    const logged = written
      .map((line) => JSON.parse(line) as RequestLine)
      .filter((line) => line.msg === 'incoming request')
      .map((line) => line.req?.url ?? '');
    for (const [, route] of spellings) if (route) expect(logged).toContain(route);
    // Not the token, nor most of it (a spelling that encodes a letter or two would show the rest).
    expect(written.join('\n')).not.toContain(token.slice(3));
    expect(logged.filter((url) => url.includes('[redacted]')).length).toBeGreaterThanOrEqual(
      spellings.length,
    );
  });
});
