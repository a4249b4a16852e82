/**
 * A software authenticator for tests: the browser and the authenticator in one, answering WebAuthn options the way
 * `PublicKeyCredential.toJSON()` does. Each passkey is a P-256 key of node:crypto (ES256); registration answers with
 * `none` attestation; the CBOR is @simplewebauthn/server's public encoder.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** What the CBOR encoder takes. */
type CBOR = Parameters<typeof isoCBOR.encode>[0];

const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  /** `origin`: where the "browser" is (the service's PUBLIC_BASE_URL origin unless a test says otherwise). */
  constructor(public origin: string) {}

  private authData(rpId: string, flags: number, counter: number, attested?: SoftPasskey): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter >>> 0);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), len, attested.id, Buffer.from(attested.cosePublicKey));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new passkey for the options' user, answered in JSON form. */
  create(options: CreationOptions, opts: { uv?: boolean } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, CBOR>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const passkey: SoftPasskey = { id: randomBytes(32), privateKey, cosePublicKey: cose, rpId, userHandle: options.user.id, counter: 0 };
    const flags = FLAG_UP | FLAG_AT | (opts.uv === false ? 0 : FLAG_UV);
    const authData = this.authData(rpId, flags, passkey.counter, passkey);
    const attestationObject = isoCBOR.encode(
      new Map<string, CBOR>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBOR>()],
        ['authData', authData],
      ]),
    );
    this.passkeys.push(passkey);
    return {
      id: b64u(passkey.id),
      rawId: b64u(passkey.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `passkey` (default: the first the options allow, or the first
   * this authenticator holds for their rpId). `counter` sets the signature counter sent (a clone's stale one);
   * otherwise it goes up by one.
   */
  get(options: RequestOptions, opts: { passkey?: SoftPasskey; counter?: number; uv?: boolean; challenge?: string } = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const passkey =
      opts.passkey ?? this.passkeys.find((p) => p.rpId === rpId && (allowed.length === 0 || allowed.includes(b64u(p.id))));
    if (!passkey) throw new Error('no passkey for these options');
    const counter = opts.counter ?? ++passkey.counter;
    const authData = this.authData(rpId, FLAG_UP | (opts.uv === false ? 0 : FLAG_UV), counter);
    const clientDataJSON = this.clientData('webauthn.get', opts.challenge ?? options.challenge);
    const signature = createSign('SHA256').update(Buffer.concat([authData, sha256(clientDataJSON)])).sign(passkey.privateKey);
    return {
      id: b64u(passkey.id),
      rawId: b64u(passkey.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: passkey.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
