import type { OperationEntry, SignatureScheme } from "./operation-entry.js";

// The operation table ships packed: written out as an object literal it was the largest part of
// the client bundle, mostly field names repeated across operations. `tools/generate` packs it;
// this module unpacks it once, when the generated module is first evaluated.
//
// `names` holds every field name once, separated by spaces. Each row is one operation, in table
// order, as nine parts separated by spaces:
//
//   slug operationId flags terms requiredFields amountFields clientOrderIdFields cardNumberFields secretFields
//
// - slug: the path template without `/api/` and `/{endpointId}` (`v2/make-rebill`);
// - operationId: empty when it is `defaultOperationId(slug)` (`makeRebill`);
// - flags: the index of the scheme in `signatureSchemes`, then `a` if the rule is assumed and `m`
//   if the operation moves money (`0m`);
// - each list: one character per field; the character with code `firstFieldCode + i` stands for
//   the i-th name of `names`.

/**
 * The signature schemes in the order `flags` numbers them.
 *
 * @example
 * ```ts
 * signatureSchemes[Number.parseInt("2m", 10)]; // "oauth-rsa-sha256", the scheme of a row flagged `2m`
 * ```
 */
export const signatureSchemes: readonly SignatureScheme[] = ["control", "oauth-hmac-sha1", "oauth-rsa-sha256", "none"];

/**
 * The character code that stands for the first field name (`0`): codes start above the space
 * that separates the parts of a row, so a code is never taken for a separator.
 *
 * @example
 * ```ts
 * String.fromCharCode(firstFieldCode + 2); // "2", the third name
 * ```
 */
export const firstFieldCode = 48;

/**
 * The operation id a path gets unless its row says otherwise: the segments after the version,
 * camel-cased.
 *
 * @example
 * ```ts
 * defaultOperationId("v2/pan-eligibility/send"); // "panEligibilitySend"
 * defaultOperationId("3ds/v1/upload-cres-result"); // "uploadCresResult"
 * ```
 */
export function defaultOperationId(slug: string): string {
  return slug.replace(/^(.*\/)?v\d+\//, "").replace(/[-/](.)/g, (_, letter: string) => letter.toUpperCase());
}

type Row = [slug: string, operationId: string, flags: string, ...lists: string[]];
type FieldLists = [
  terms: string[],
  requiredFields: string[],
  amountFields: string[],
  clientOrderIdFields: string[],
  cardNumberFields: string[],
  secretFields: string[],
];

/**
 * Rebuilds the operation table from its packed form, typed as `Table`. Each entry gets arrays of
 * its own, as the table written out would have.
 *
 * @example
 * ```ts
 * const table = unpackOperationTable<Record<string, OperationEntry>>("login orderid control", ["v2/void  0m 01 012    2"]);
 * table["/api/v2/void/{endpointId}"]?.requiredFields; // ["login", "orderid", "control"]
 * ```
 */
export function unpackOperationTable<Table extends Record<string, OperationEntry>>(
  names: string,
  rows: readonly string[],
): Table {
  const fieldNames = names.split(" ");
  const fields = (codes: string) => Array.from(codes, (code) => fieldNames[code.charCodeAt(0) - firstFieldCode]!);
  const table: Record<string, OperationEntry> = {};
  for (const row of rows) {
    const [slug, operationId, flags, ...lists] = row.split(" ") as Row;
    const [terms, requiredFields, amountFields, clientOrderIdFields, cardNumberFields, secretFields] = lists.map(fields) as FieldLists;
    const path = `/api/${slug}/{endpointId}`;
    table[path] = {
      operationId: operationId || defaultOperationId(slug),
      path,
      signature: { scheme: signatureSchemes[Number.parseInt(flags, 10)]!, terms, assumed: flags.includes("a") },
      requiredFields,
      amountFields,
      clientOrderIdFields,
      cardNumberFields,
      secretFields,
      movesMoney: flags.includes("m"),
    };
  }
  return table as Table;
}
