import type { OperationEntry } from "@card-processing/types";
import { amountInMinorUnits, type FieldReader, isAmountField, requiredField } from "./body-rules.js";
import type { ControlAmounts } from "./minor-units.js";

/**
 * Concatenates the values of a control-signed operation's terms in order: `endpointId` from the
 * path, `login` from the body or the credentials, amounts as `controlAmounts` writes them (minor
 * units by default), absent optional fields as the empty string. An absent required field is an
 * error, worded by the body rules.
 */
export function controlString(
  entry: OperationEntry,
  read: FieldReader,
  endpointId: string,
  login: string,
  controlAmounts: ControlAmounts = "iso-4217",
): string {
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
    out += isAmountField(entry, name) ? amountInMinorUnits(entry, read, name, value, controlAmounts) : value;
  }
  return out;
}
