import { hash, randomBytes } from "node:crypto";

/**
 * What the sandbox keeps of the request that created an order, to apply the duplicate
 * `client_orderid` rule: a request that reuses an order's `client_orderid` on the same endpoint is
 * a replay when it is the same request (the same operation, and the same body fields with the
 * same values, in any order) and then gets the existing order's reply; any other request is
 * refused, naming the fields that differ. The signature is left out of the comparison: `control`
 * is derived from the fields, and an OAuth header carries a fresh nonce and timestamp on every
 * retry. Values are compared as sent, untrimmed, so that a replay is what a client retrying the
 * very same request sends.
 */
export interface RequestFingerprint {
  readonly operationId: string;
  /** A salted digest of each field's value, by field name: card numbers and CVVs are not kept. */
  readonly digests: ReadonlyMap<string, string>;
}

// A per-process random salt: the digest of a card number or CVV cannot be looked up in a table
// of digests of every card number. One-shot `hash` (no HMAC object per field): a digest is taken
// for every field of every order-creating request.
const salt = randomBytes(16).toString("hex");
const SIGNATURE_FIELDS = new Set(["control"]);

function digestOf(value: string): string {
  return hash("sha256", salt + value, "base64url");
}

/** The fingerprint of a request of `operationId` with these body fields. */
export function fingerprintOf(operationId: string, fields: Readonly<Record<string, string>>): RequestFingerprint {
  const digests = new Map<string, string>();
  for (const [name, value] of Object.entries(fields))
    if (!SIGNATURE_FIELDS.has(name)) digests.set(name, digestOf(value));
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
