import { exampleMerchant } from "@card-processing/types";
import { isLoopback } from "../engine/values/loopback-host.js";
import type { RsaKeys } from "./rsa-key-pair.js";

/** The options that decide whose keys a sandbox takes: where it listens, where others reach it, and the keys given. */
export interface KeyChoice {
  readonly host?: string | undefined;
  readonly publicUrl?: string | undefined;
  readonly login?: string | undefined;
  readonly controlKey?: string | undefined;
  readonly publicKey?: string | undefined;
}

/**
 * Whether a sandbox takes the reference's example merchant (the spec's `x-example-merchant`):
 * when it listens on loopback, is reached at no `publicUrl`, and is given no login, control key or
 * public key. Then every request sample of the reference runs against it as printed. A sandbox
 * others reach keeps keys of its own: published keys would let anyone sign for it.
 */
export function usesExampleMerchant(choice: KeyChoice): boolean {
  return (
    choice.login === undefined &&
    choice.controlKey === undefined &&
    choice.publicKey === undefined &&
    choice.publicUrl === undefined &&
    isLoopback(choice.host ?? "127.0.0.1")
  );
}

/** The example merchant's RSA test pair, as the sandbox's keys. */
export const exampleMerchantRsaKeys: RsaKeys = {
  publicKey: () => exampleMerchant.rsaPublicKeyPem,
  privateKeyPem: () => exampleMerchant.rsaPrivateKeyPem,
};
