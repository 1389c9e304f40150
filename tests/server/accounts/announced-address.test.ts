// Issue 24, point 8: passkeys work at the address the product announces. Without PUBLIC_BASE_URL the start line
// announces http://localhost:PORT, where a passkey is saved and used; at 127.0.0.1, which browsers refuse as a
// relying party, the ceremonies answer why and where to go instead of letting the browser blame the passkey.
// Through the real server on PGlite and on two PostgreSQL instances; the start line from the server's process.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths, PASSKEY_ERROR_CODES } from '../../../contract/accounts';
import { apiErrorSchema } from '../../../contract/errors';
import { temporaryDir } from '../../../tooling/server';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { spawnServer } from '../../support/server-process';
import { GenerationClient } from '../generation/generation-client';
import { PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

const atLocalhost = (origin: string) => origin.replace('127.0.0.1', 'localhost');

describe.each(deploymentCases)('passkeys without PUBLIC_BASE_URL, on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    env = await deployment.start();
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';

  it('works at localhost, and at 127.0.0.1 says to open localhost on the same port', async () => {
    for (const [index, path] of [accountPaths.registrationOptions, accountPaths.signInOptions].entries()) {
      const origin = at(index);
      const refused = await new GenerationClient(origin).postJson(path, {});
      expect(refused.status).toBe(503);
      const error = apiErrorSchema.parse(refused.body);
      expect(error.code).toBe(PASSKEY_ERROR_CODES.unavailable);
      expect(error.message).toBe(
        `Passkeys cannot work at ${new URL(origin).host}: browsers keep them only for a named address. ` +
          `Open ${atLocalhost(origin)} to save or use your kitchens.`,
      );
    }

    const authenticator = new SoftwareAuthenticator();
    const phone = new PasskeyBrowser(atLocalhost(at(0)));
    const saved = await phone.saveKitchens(authenticator);
    expect(saved.status).toBe(200);
    const laptop = new PasskeyBrowser(atLocalhost(at(1)));
    const signedIn = await laptop.signIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ userId: (saved.body as { userId: number }).userId });
  });
});

describe('the start line', () => {
  const temp = temporaryDir('kr-announced-');
  afterAll(() => temp.remove());

  it('announces http://localhost on the port listened on', async () => {
    const server = await spawnServer({
      DATA_DIR: path.join(temp.dir, 'data'),
      SESSION_SECRET: 'announced-address-secret-0123456789abcdef',
    });
    try {
      const port = new URL(server.origin).port;
      await server.waitForOutput(new RegExp(`"msg":"Open http://localhost:${port}"`));
    } finally {
      await server.stop();
    }
  }, 120_000);
});
