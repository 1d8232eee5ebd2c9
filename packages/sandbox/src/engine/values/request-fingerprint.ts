import { hash, randomBytes } from "node:crypto";
import { significantValue } from "./request-value.js";

/**
 * What the sandbox keeps of the request that created an order, to apply the duplicate
 * `client_orderid` rule: a request that reuses an order's `client_orderid` on the same endpoint is
 * a replay when it is the same request (the same operation, and the same body fields with the
 * same values, in any order) and then gets the existing order's reply; any other request is
 * refused, naming the fields that differ. The signature is left out of the comparison: `control`
 * is derived from the fields, and an OAuth header carries a fresh nonce and timestamp on every
 * retry. Values are compared as the gateway reads them, leading and trailing whitespace ignored
 * (`significantValue`): a retry that differs only in that is the same request.
 */
export interface RequestFingerprint {
  readonly operationId: string;
  /** A salted digest of each field's value, by field name: card numbers and CVVs are not kept. */
  readonly digests: ReadonlyMap<string, string>;
}

const SIGNATURE_FIELDS = new Set(["control"]);

/**
 * A random salt for a sandbox's fingerprints (kept in its data directory, so a replay after a
 * restart is still recognised): the digest of a card number or CVV cannot be looked up in a table
 * of digests of every card number.
 */
export function newFingerprintSalt(): string {
  return randomBytes(16).toString("hex");
}

/** The fingerprint of a request of `operationId` with these body fields, digested with `salt`. */
export function fingerprintOf(
  operationId: string,
  fields: Readonly<Record<string, string>>,
  salt: string,
): RequestFingerprint {
  const digests = new Map<string, string>();
  // One-shot `hash` (no HMAC object per field): a digest is taken for every field of every order-creating request.
  for (const [name, value] of Object.entries(fields))
    if (!SIGNATURE_FIELDS.has(name)) digests.set(name, hash("sha256", salt + significantValue(value), "base64url"));
  return { operationId, digests };
}

/** What differs between two requests: `operation` and the names of fields sent differently or only once. */
export function differencesOf(first: RequestFingerprint, second: RequestFingerprint): string[] {
  const differences = first.operationId === second.operationId ? [] : ["operation"];
  const names = new Set([...first.digests.keys(), ...second.digests.keys()]);
  for (const name of [...names].sort())
    if (first.digests.get(name) !== second.digests.get(name)) differences.push(name);
  return differences;
}
