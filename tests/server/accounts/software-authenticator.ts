// A passkey authenticator in software for node tests: real ES256 keys, real CBOR, real signatures, so the
// server's @simplewebauthn verification runs for real. It answers the options the server sends as a browser's
// navigator.credentials would (attestation "none", discoverable credentials), with any origin a test names.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
}

interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
}
interface SignInOptions {
  challenge: string;
  rpId?: string;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authenticatorData(rpId: string, flags: number, counter: number, attested = new Uint8Array()) {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(counter, 33);
  return Buffer.concat([head, attested]);
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]),
  );
}

/** The JSON shape @simplewebauthn/browser hands back for a credential. */
const publicKeyCredential = <Response extends object>(credential: Credential, response: Response) => ({
  id: b64url(credential.id),
  rawId: b64url(credential.id),
  type: 'public-key' as const,
  clientExtensionResults: {},
  response,
});

export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];

  /** The credential ids this authenticator holds, base64url. */
  get credentialIds(): string[] {
    return this.credentials.map((credential) => b64url(credential.id));
  }

  /** Answers registration options; the JSON a browser's startRegistration returns. */
  register(options: RegistrationOptions, origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential = { id: randomBytes(16), privateKey, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey(publicKey)]);
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const authData = authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
      0,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** Answers sign-in options with the credential at `index`; the JSON a browser's startAuthentication returns. */
  signIn(options: SignInOptions, origin: string, index = 0) {
    const credential = this.credentials[index];
    if (!credential) throw new Error(`no credential ${index}`);
    credential.counter += 1;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
    const data = clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: null,
    });
  }
}
