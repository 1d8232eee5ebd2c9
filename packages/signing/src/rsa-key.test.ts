import { generateKeyPair, generateKeyPairSync } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from "./der-wrap.js";
import { checkRsaPrivateKey, importRsaPrivateKey, importRsaPublicKey } from "./rsa-key.js";
import { rsaPrivateKeyBits } from "./rsa-key-structure.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const short = generateKeyPairSync("rsa", { modulusLength: 1024 });
// Keys of other lengths, made before the tests and side by side: a 3072-bit key alone can take longer
// than a test's 5 s on a loaded machine, and making keys is not what the tests check.
const otherLengths = await Promise.all(
  [2056, 3072].map((bits) => promisify(generateKeyPair)("rsa", { modulusLength: bits })),
);
const privateKeys = [pair, short, ...otherLengths].map((keys) => keys.privateKey);

const der = (pem: string) => new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ""), "base64"));

describe("PKCS#1 to PKCS#8 and SPKI wrapping", () => {
  it("wraps a PKCS#1 private key into the same bytes node:crypto exports as PKCS#8", () => {
    const pkcs1 = pair.privateKey.export({ type: "pkcs1", format: "der" });
    const pkcs8 = pair.privateKey.export({ type: "pkcs8", format: "der" });
    expect(Buffer.from(pkcs1PrivateToPkcs8(pkcs1))).toEqual(pkcs8);
  });

  it("wraps a PKCS#1 public key into the same bytes node:crypto exports as SPKI", () => {
    const pkcs1 = pair.publicKey.export({ type: "pkcs1", format: "der" });
    const spki = pair.publicKey.export({ type: "spki", format: "der" });
    expect(Buffer.from(pkcs1PublicToSpki(pkcs1))).toEqual(spki);
  });

  it("uses short-form DER lengths for small contents", () => {
    const wrapped = pkcs1PrivateToPkcs8(new Uint8Array(10));
    expect([...wrapped.subarray(0, 2)]).toEqual([0x30, 3 + 15 + 12]);
  });
});

describe("importRsaPrivateKey / importRsaPublicKey", () => {
  it("imports a PKCS#8 and a PKCS#1 PEM private key of 2048 bits", async () => {
    for (const type of ["pkcs8", "pkcs1"] as const) {
      const pem = pair.privateKey.export({ type, format: "pem" }) as string;
      const key = await importRsaPrivateKey(pem);
      expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
      expect(key.usages).toEqual(["sign"]);
    }
  });

  it("accepts a PEM whose line breaks arrive as literal \\n (environment variables)", async () => {
    const pem = (pair.privateKey.export({ type: "pkcs1", format: "pem" }) as string).replaceAll("\n", "\\n");
    await expect(importRsaPrivateKey(pem)).resolves.toBeDefined();
  });

  it("imports SPKI and PKCS#1 public keys", async () => {
    for (const type of ["spki", "pkcs1"] as const) {
      const key = await importRsaPublicKey(pair.publicKey.export({ type, format: "pem" }) as string);
      expect(key.usages).toEqual(["verify"]);
    }
  });

  it("refuses 1024-bit keys in both PEM forms with ERR_KEY_TOO_SHORT", async () => {
    for (const type of ["pkcs8", "pkcs1"] as const) {
      await expect(importRsaPrivateKey(short.privateKey.export({ type, format: "pem" }))).rejects.toMatchObject({
        code: "ERR_KEY_TOO_SHORT",
        field: "privateKey",
        message: expect.stringMatching(/1024 bits; at least 2048/),
      });
    }
    await expect(importRsaPublicKey(short.publicKey.export({ type: "spki", format: "pem" }))).rejects.toMatchObject({
      code: "ERR_KEY_TOO_SHORT",
    });
  });

  it("refuses an encrypted key, a public key where a private one is needed, and garbage, without quoting the key", async () => {
    const encrypted = pair.privateKey.export({
      type: "pkcs8",
      format: "pem",
      cipher: "aes-256-cbc",
      passphrase: "x",
    }) as string;
    const spki = pair.publicKey.export({ type: "spki", format: "pem" }) as string;
    const broken = "-----BEGIN PRIVATE KEY-----\nAAAAAAAA\n-----END PRIVATE KEY-----";
    for (const pem of [encrypted, spki, broken, "not a key", 42]) {
      const error = await importRsaPrivateKey(pem).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "SigningError", code: "ERR_KEY_INVALID", field: "privateKey" });
      expect(String((error as Error).message)).not.toMatch(/MII|AAAAAAAA/);
    }
  });

  it("refuses a PKCS#1 label on a PKCS#8 body", async () => {
    const body = der(pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string);
    const mislabelled = `-----BEGIN RSA PRIVATE KEY-----\n${Buffer.from(body).toString("base64")}\n-----END RSA PRIVATE KEY-----`;
    await expect(importRsaPrivateKey(mislabelled)).rejects.toMatchObject({ code: "ERR_KEY_INVALID" });
  });
});

describe("checkRsaPrivateKey (synchronous, without importing)", () => {
  const thrown = (pem: unknown) => {
    try {
      checkRsaPrivateKey(pem);
    } catch (error) {
      return error as Error;
    }
  };

  it("reads the modulus length from the DER as node:crypto reports it, in both forms", () => {
    expect(privateKeys.map((key) => key.asymmetricKeyDetails?.modulusLength)).toEqual([2048, 1024, 2056, 3072]);
    for (const key of privateKeys) {
      const reported = key.asymmetricKeyDetails?.modulusLength;
      expect(rsaPrivateKeyBits(new Uint8Array(key.export({ type: "pkcs8", format: "der" })), false)).toBe(reported);
      expect(rsaPrivateKeyBits(new Uint8Array(key.export({ type: "pkcs1", format: "der" })), true)).toBe(reported);
    }
  });

  it("accepts an unencrypted 2048-bit private key in PKCS#8 and PKCS#1, also with literal \\n", () => {
    for (const type of ["pkcs8", "pkcs1"] as const) {
      const pem = pair.privateKey.export({ type, format: "pem" }) as string;
      expect(thrown(pem)).toBeUndefined();
      expect(thrown(pem.replaceAll("\n", "\\n"))).toBeUndefined();
    }
  });

  it("refuses a 1024-bit key with ERR_KEY_TOO_SHORT, as the import does", () => {
    for (const type of ["pkcs8", "pkcs1"] as const) {
      expect(thrown(short.privateKey.export({ type, format: "pem" }))).toMatchObject({
        name: "SigningError",
        code: "ERR_KEY_TOO_SHORT",
        field: "privateKey",
        message: "privateKey: has 1024 bits; at least 2048 required",
      });
    }
  });

  it("refuses an encrypted key, a public key, another algorithm, a cut key and a mislabelled one with ERR_KEY_INVALID", () => {
    const encrypted = pair.privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "x" });
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" });
    const pkcs8 = der(pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string);
    const pem = (label: string, bytes: Uint8Array) =>
      `-----BEGIN ${label}-----\n${Buffer.from(bytes).toString("base64")}\n-----END ${label}-----`;
    const cases: Array<[string, unknown]> = [
      ["encrypted", encrypted],
      ["public (SPKI)", pair.publicKey.export({ type: "spki", format: "pem" })],
      ["public (PKCS#1)", pair.publicKey.export({ type: "pkcs1", format: "pem" })],
      ["EC private key", ec],
      ["cut short", pem("PRIVATE KEY", pkcs8.subarray(0, 600))],
      ["trailing bytes", pem("PRIVATE KEY", Uint8Array.from([...pkcs8, 0, 0]))],
      ["PKCS#8 body under a PKCS#1 label", pem("RSA PRIVATE KEY", pkcs8)],
      ["garbage", "-----BEGIN PRIVATE KEY-----\nAAAAAAAA\n-----END PRIVATE KEY-----"],
      ["not a PEM", "not a key"],
    ];
    for (const [what, key] of cases) {
      const error = thrown(key);
      expect(error, what).toMatchObject({
        name: "SigningError",
        code: "ERR_KEY_INVALID",
        field: "privateKey",
        message: "privateKey: expected an unencrypted PEM PRIVATE KEY or RSA PRIVATE KEY",
      });
    }
  });
});
