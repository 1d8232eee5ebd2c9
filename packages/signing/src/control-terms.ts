import type { OperationEntry } from "@card-processing/types";
import { toMinorUnits } from "./minor-units.js";
import { fieldError, SigningError } from "./signing-error.js";

/** The body a control string is read from: `get` reads one field (a `FormFields` is one). */
export interface FieldReader {
  get(field: string): string | null | undefined;
}

/** The entry itself when its operation is signed with `control`; an error naming its scheme otherwise. */
export function requireControlScheme(entry: OperationEntry): OperationEntry {
  const scheme = entry.signature.scheme;
  if (scheme !== "control") throw new SigningError("ERR_OPERATION_UNKNOWN", `${entry.operationId}: signed with ${scheme}, not control`);
  return entry;
}

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Concatenates the values of a control-signed operation's terms in order: `endpointId` from the
 * path, `login` from the body or the credentials, amounts (`amount` and the entry's
 * `amountFields`) in minor units, absent optional fields as the empty string. An absent required
 * field (one of the entry's `requiredFields`) is an error.
 */
export function controlString(entry: OperationEntry, body: FieldReader, endpointId: string | number | undefined, login: string): string {
  let out = "";
  for (const name of entry.signature.terms) {
    if (name === "endpointId") {
      if (endpointId === undefined || endpointId === "") throw missing(name);
      out += endpointId;
      continue;
    }
    const value = body.get(name);
    if (name === "login") {
      out += present(value) ? value : login;
    } else if (!present(value)) {
      if (entry.requiredFields.includes(name)) throw missing(name);
    } else if (name === "amount" || entry.amountFields.includes(name)) {
      const currency = body.get("currency");
      if (!present(currency)) throw fieldError("ERR_FIELD_MISSING", "currency", `required with ${name}`);
      out += toMinorUnits(value, currency, name);
    } else {
      out += value;
    }
  }
  return out;
}

function missing(field: string): SigningError {
  return fieldError("ERR_FIELD_MISSING", field, "required by the control signature");
}
