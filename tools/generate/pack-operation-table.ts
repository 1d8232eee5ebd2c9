import type { OperationEntry } from "../../packages/types/src/operation-entry.ts";
import {
  defaultOperationId,
  firstFieldCode,
  signatureSchemes,
} from "../../packages/types/src/packed-operation-table.ts";

/** The operation table as `unpackOperationTable` reads it; the format is described there. */
export interface PackedOperationTable {
  /** Every field name once, separated by spaces. */
  readonly names: string;
  /** One row per operation, in table order. */
  readonly rows: readonly string[];
}

const PREFIX = "/api/";
const SUFFIX = "/{endpointId}";
// Past this code the characters would be UTF-16 surrogates, which do not survive on their own.
const LAST_FIELD_CODE = 0xd7ff;

/**
 * Packs the operation table into the form `unpackOperationTable` rebuilds it from. Throws, naming
 * the operation and the value, when something cannot be packed: a field name, slug or operation id
 * with a space, or a path that is not `/api/…/{endpointId}`.
 *
 * @example
 * ```ts
 * const { names, rows } = packOperationTable(buildOperationTable(spec));
 * // names: "login client-order-id orderid cres control …"; rows[0]: "3ds/v1/upload-cres-result  0 012 01234  1  4"
 * ```
 */
export function packOperationTable(table: Readonly<Record<string, OperationEntry>>): PackedOperationTable {
  const names: string[] = [];
  const codes = new Map<string, string>();
  const rows = Object.entries(table).map(([path, entry]) => {
    const where = `POST ${path}`;
    const refuseSpace = (what: string, value: string) => {
      if (value.includes(" ")) {
        throw new Error(`${where}: ${what} ${JSON.stringify(value)} contains a space, which separates the parts of the packed operation table`);
      }
    };
    const pack = (fields: readonly string[]) =>
      fields
        .map((name) => {
          let code = codes.get(name);
          if (code === undefined) {
            refuseSpace("field", name);
            if (firstFieldCode + names.length > LAST_FIELD_CODE) throw new Error(`${where}: too many field names to pack`);
            code = String.fromCharCode(firstFieldCode + names.length);
            names.push(name);
            codes.set(name, code);
          }
          return code;
        })
        .join("");

    if (entry.path !== path || !path.startsWith(PREFIX) || !path.endsWith(SUFFIX) || path.length < PREFIX.length + SUFFIX.length) {
      throw new Error(`${where}: the packed operation table holds only entries keyed by their own path, of the form ${PREFIX}…${SUFFIX}`);
    }
    const slug = path.slice(PREFIX.length, -SUFFIX.length);
    refuseSpace("path", slug);
    if (typeof entry.operationId !== "string" || entry.operationId === "") {
      throw new Error(`${where}: operationId must be a non-empty string`);
    }
    refuseSpace("operationId", entry.operationId);
    const scheme = signatureSchemes.indexOf(entry.signature.scheme);
    if (scheme < 0) throw new Error(`${where}: unknown signature scheme ${JSON.stringify(entry.signature.scheme)}`);
    const flags = `${scheme}${entry.signature.assumed ? "a" : ""}${entry.movesMoney ? "m" : ""}`;
    return [
      slug,
      entry.operationId === defaultOperationId(slug) ? "" : entry.operationId,
      flags,
      pack(entry.signature.terms),
      pack(entry.requiredFields),
      pack(entry.amountFields),
      pack(entry.clientOrderIdFields),
      pack(entry.cardNumberFields),
      pack(entry.secretFields),
    ].join(" ");
  });
  return { names: names.join(" "), rows };
}
