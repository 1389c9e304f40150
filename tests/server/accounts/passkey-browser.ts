// A browser with passkeys for node tests: the GenerationClient's cookie jar plus a software authenticator, walking
// the account routes as the app does (ask for options, answer them, send the answer back).
import { expect } from 'vitest';
import { accountPaths } from '../../../contract/accounts';
import { API_PREFIX, SERVICE_API_KEY_HEADER } from '../../../contract/endpoints';
import { type Answer, GenerationClient } from '../generation/generation-client';
import { SoftwareAuthenticator } from './software-authenticator';

type Options = {
  challenge: string;
  rp: { id?: string };
  rpId?: string;
  pubKeyCredParams?: { alg: number; type: string }[];
};

export class PasskeyBrowser extends GenerationClient {
  constructor(
    origin: string,
    /** The origin its pages claim to run on (clientDataJSON); the server's own unless a test forges one. */
    readonly pageOrigin = origin,
  ) {
    super(origin);
  }

  /** This browser (its cookie and page origin) reaching another instance. */
  via(instanceOrigin: string): PasskeyBrowser {
    const twin = new PasskeyBrowser(instanceOrigin, this.pageOrigin);
    twin.cookie = this.cookie;
    return twin;
  }

  async options(path: string): Promise<Options> {
    const answer = await this.postJson(path, {});
    expect(answer.status).toBe(200);
    return answer.body as Options;
  }

  /** "Save my kitchens": registers a new passkey on `authenticator` for this browser's user. */
  async saveKitchens(authenticator: SoftwareAuthenticator, options?: Options): Promise<Answer> {
    const asked = options ?? (await this.options(accountPaths.registrationOptions));
    return this.postJson(accountPaths.register, {
      credential: authenticator.register(asked, this.pageOrigin),
    });
  }

  /** Signs in with the authenticator's first passkey (or `index`). */
  async signIn(authenticator: SoftwareAuthenticator, index = 0, options?: Options): Promise<Answer> {
    const asked = options ?? (await this.options(accountPaths.signInOptions));
    return this.postJson(accountPaths.signIn, {
      credential: authenticator.signIn({ ...asked, rpId: asked.rpId }, this.pageOrigin, index),
    });
  }

  signOut(): Promise<Answer> {
    return this.postJson(accountPaths.signOut, {});
  }
}

/** An operator call behind the service key. */
export function adminPost(origin: string, path: string, serviceKey: string): Promise<Response> {
  return fetch(`${origin}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { [SERVICE_API_KEY_HEADER]: serviceKey },
  });
}

export { SoftwareAuthenticator };
