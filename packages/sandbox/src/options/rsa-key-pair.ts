import { generateKeyPairSync } from "node:crypto";

/** The RSA-SHA256 keys of one sandbox: the public key that verifies, and the private key when generated. */
export interface RsaKeys {
  publicKey(): string;
  privateKeyPem(): string | undefined;
}

/**
 * The sandbox's RSA keys: the given public key, or a 2048-bit pair generated on first read.
 * Generating a pair takes most of a start (about 100 ms), and only a v4 request or a read of
 * `publicKey`/`privateKeyPem` needs it.
 */
export function rsaKeysOf(givenPublicKey: string | undefined): RsaKeys {
  let pair: { readonly publicKey: string; readonly privateKey: string } | undefined;
  const generated = () =>
    (pair ??= generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }));
  return {
    publicKey: () => givenPublicKey ?? generated().publicKey,
    privateKeyPem: () => (givenPublicKey === undefined ? generated().privateKey : undefined),
  };
}
