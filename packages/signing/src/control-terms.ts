import type { OperationEntry } from "@card-processing/types";
import { amountInMinorUnits, type FieldReader, isAmountField, requiredField } from "./body-rules.js";

/**
 * Concatenates the values of a control-signed operation's terms in order: `endpointId` from the
 * path, `login` from the body or the credentials, amounts in minor units, absent optional fields
 * as the empty string. An absent required field is an error, worded by the body rules.
 */
export function controlString(entry: OperationEntry, read: FieldReader, endpointId: string, login: string): string {
  let out = "";
  for (const name of entry.signature.terms) {
    if (name === "endpointId") {
      out += endpointId;
      continue;
    }
    if (name === "login") {
      out += read(name) ?? login;
      continue;
    }
    const value = entry.requiredFields.includes(name) ? requiredField(entry, read, name) : read(name);
    if (value === undefined) continue;
    out += isAmountField(entry, name) ? amountInMinorUnits(entry, read, name, value) : value;
  }
  return out;
}
