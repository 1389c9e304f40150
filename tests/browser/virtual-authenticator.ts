// Chromium's virtual authenticator through the DevTools WebAuthn domain: a platform passkey store (ctap2,
// internal, resident keys, user verification) in one page, whose credentials can be copied to another browser
// profile, as a passkey synced to a second device would be.
import type { BrowserContext, Page } from 'playwright-core';

/** A credential as the WebAuthn domain reports and accepts it. */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  credentials(): Promise<VirtualCredential[]>;
  add(credential: VirtualCredential): Promise<void>;
}

export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials as VirtualCredential[];
    },
    async add(credential) {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}
