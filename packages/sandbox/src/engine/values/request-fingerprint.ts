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
  /** The names of the fields digested, in the order of `digests`. */
  readonly names: readonly string[];
  /**
   * A salted digest of each field's value, in the order of `names`, one after another as one text:
   * card numbers and CVVs are not kept. Each is the first 12 bytes of a SHA-256 (16 base64url
   * characters), enough to tell a changed value, and one text rather than a map of texts, since
   * every order keeps one.
   */
  readonly digests: string;
}

/** The characters of one field's digest in `RequestFingerprint.digests`. */
export const FIELD_DIGEST_CHARS = 16;

const SIGNATURE_FIELDS = new Set(["control"]);

/**
 * A random salt for a sandbox's fingerprints (kept in its data directory, so a replay after a
 * restart is still recognised): the digest of a card number or CVV cannot be looked up in a table
 * of digests of every card number.
 */
export function newFingerprintSalt(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The names of the last fingerprint made or read back, which the next one with the same names in
 * the same order shares (a shop sends its sales with the same fields): every order keeps its
 * fingerprint, and a sale's 18 names were an array of 360 bytes of each order's own, a tenth of
 * what the sandbox keeps of a sale (measured in heap snapshots). One list, not a table of them: a
 * request may send any field names, and a table of them could grow without bound.
 */
let lastNames: readonly string[] = Object.freeze([]);

/** `names`, or the equal list of the last fingerprint in its place. */
export function sharedNames(names: readonly string[]): readonly string[] {
  if (names.length === lastNames.length && names.every((name, index) => name === lastNames[index])) return lastNames;
  lastNames = Object.freeze(names);
  return lastNames;
}

/** The fingerprint of a request of `operationId` with these body fields, digested with `salt`. */
export function fingerprintOf(
  operationId: string,
  fields: Readonly<Record<string, string>>,
  salt: string,
): RequestFingerprint {
  const names: string[] = [];
  const digests: string[] = [];
  // One-shot `hash` (no HMAC object per field): a digest is taken for every field of every order-creating
  // request. `for...in` walks the fields without an [name, value] array per field (fields are plain
  // objects, or the prototype-less ones of a parsed form: nothing inherited is enumerable).
  for (const name in fields) {
    if (SIGNATURE_FIELDS.has(name)) continue;
    names.push(name);
    digests.push(hash("sha256", salt + significantValue(fields[name] ?? ""), "base64url").slice(0, FIELD_DIGEST_CHARS));
  }
  // Joined into one flat text: the 43-character digests the pieces were cut from are not kept.
  return { operationId, names: sharedNames(names), digests: digests.join("") };
}

/** The digest of field `name` in `fingerprint`, or `undefined` when the request did not send it. */
export function fieldDigest(fingerprint: RequestFingerprint, name: string): string | undefined {
  const index = fingerprint.names.indexOf(name);
  return index < 0
    ? undefined
    : fingerprint.digests.slice(index * FIELD_DIGEST_CHARS, (index + 1) * FIELD_DIGEST_CHARS);
}

/** What differs between two requests: `operation` and the names of fields sent differently or only once. */
export function differencesOf(first: RequestFingerprint, second: RequestFingerprint): string[] {
  const differences = first.operationId === second.operationId ? [] : ["operation"];
  const names = new Set([...first.names, ...second.names]);
  for (const name of [...names].sort())
    if (fieldDigest(first, name) !== fieldDigest(second, name)) differences.push(name);
  return differences;
}
