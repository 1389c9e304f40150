// A passkey authenticator in software for node tests: real keys of any algorithm the server may offer (ES256,
// EdDSA, RS256, ML-DSA-44/65/87), real CBOR, real signatures, so the server's @simplewebauthn verification runs for
// real. It answers the options the server sends as a browser's navigator.credentials would (attestation "none",
// discoverable credentials, only an algorithm the options offer), with any origin a test names.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { PASSKEY_ALGORITHMS, type PasskeyAlgorithmName } from '../../../contract/accounts';

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
  pubKeyCredParams?: { alg: number }[];
}
interface SignInOptions {
  challenge: string;
  rpId?: string;
}

/** A key pair's making, its public half as a COSE key, and its signing, for one algorithm. */
interface KeyKind {
  generate(): { publicKey: KeyObject; privateKey: KeyObject };
  /** The COSE key's parameters after kty and alg (RFC 9053, and draft-ietf-cose-dilithium for AKP). */
  coseParameters(jwk: Record<string, string | undefined>): [number, number | Uint8Array][];
  /** The digest node:crypto's `sign` takes: SHA-256 for ES256 and RS256, none for EdDSA and ML-DSA. */
  digest: 'sha256' | null;
  kty: number;
}

const bytes = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));

/** ML-DSA keys (kty 7, "AKP"): the public key under label -1. @types/node 22 does not name 'ml-dsa-*' yet. */
const mlDsa = (type: 'ml-dsa-44' | 'ml-dsa-65' | 'ml-dsa-87'): KeyKind => ({
  generate: () => generateKeyPairSync(type as 'ed25519'),
  coseParameters: (jwk) => [[-1, bytes(jwk.pub)]],
  digest: null,
  kty: 7,
});

const KEY_KINDS: Record<PasskeyAlgorithmName, KeyKind> = {
  ES256: {
    generate: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    // crv P-256 (1), x, y
    coseParameters: (jwk) => [
      [-1, 1],
      [-2, bytes(jwk.x)],
      [-3, bytes(jwk.y)],
    ],
    digest: 'sha256',
    kty: 2,
  },
  EdDSA: {
    generate: () => generateKeyPairSync('ed25519'),
    // crv Ed25519 (6), x
    coseParameters: (jwk) => [
      [-1, 6],
      [-2, bytes(jwk.x)],
    ],
    digest: null,
    kty: 1,
  },
  RS256: {
    // PKCS#1 v1.5 with SHA-256 is what node:crypto's `sign` does with an RSA key by default.
    generate: () => generateKeyPairSync('rsa', { modulusLength: 2048 }),
    coseParameters: (jwk) => [
      [-1, bytes(jwk.n)],
      [-2, bytes(jwk.e)],
    ],
    digest: 'sha256',
    kty: 3,
  },
  'ML-DSA-44': mlDsa('ml-dsa-44'),
  'ML-DSA-65': mlDsa('ml-dsa-65'),
  'ML-DSA-87': mlDsa('ml-dsa-87'),
};

const coseIdOf = (algorithm: PasskeyAlgorithmName) =>
  PASSKEY_ALGORITHMS.find(({ name }) => name === algorithm)?.coseId ?? 0;

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
  private readonly kind: KeyKind;

  constructor(
    readonly algorithm: PasskeyAlgorithmName = 'ES256',
    /** WebAuthn allows up to 1,023 bytes; authenticators use 16 to 64. */
    private readonly credentialIdBytes = 16,
  ) {
    this.kind = KEY_KINDS[algorithm];
  }

  /** The credential ids this authenticator holds, base64url. */
  get credentialIds(): string[] {
    return this.credentials.map((credential) => b64url(credential.id));
  }

  /** The public key as a COSE key (kty, alg, then the algorithm's parameters). */
  coseKey(publicKey: KeyObject): Uint8Array {
    const jwk = publicKey.export({ format: 'jwk' }) as Record<string, string | undefined>;
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, this.kind.kty],
        [3, coseIdOf(this.algorithm)],
        ...this.kind.coseParameters(jwk),
      ]),
    );
  }

  /**
   * Answers registration options; the JSON a browser's startRegistration returns. Like a browser, it makes a key
   * only of an algorithm the options offer.
   */
  register(options: RegistrationOptions, origin: string) {
    const alg = coseIdOf(this.algorithm);
    if (options.pubKeyCredParams && !options.pubKeyCredParams.some((param) => param.alg === alg)) {
      throw new Error(`${this.algorithm} (${alg}) is not offered`);
    }
    const { privateKey, publicKey } = this.kind.generate();
    const credential = { id: randomBytes(this.credentialIdBytes), privateKey, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, this.coseKey(publicKey)]);
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
    // What @simplewebauthn/browser sends beside the attestation: the authenticator data and the key as SPKI.
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      authenticatorData: b64url(authData),
      publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
      publicKeyAlgorithm: alg,
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
    const signature = sign(this.kind.digest, Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: null,
    });
  }
}
