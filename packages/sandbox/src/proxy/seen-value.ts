import { maskCardNumbersInText } from "@card-processing/signing";
import { redactedFields } from "../server/api/request-redaction.js";

const MAX_SHOWN = 60;

/**
 * A value seen in the traffic as a finding may quote it: by the sandbox's redaction rule (card
 * numbers cut to first six and last four digits; CVV, control values, passwords, keys and
 * signatures not shown), card-number-shaped digits masked anywhere, and cut to 60 characters.
 */
export function seenValue(field: string, value: unknown): string {
  if (value === undefined) return "nothing";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const kept = redactedFields({ [field]: text })[field];
  if (kept === undefined) return `a value of '${field}' (not shown: a secret)`;
  const masked = maskCardNumbersInText(kept);
  const shown = masked.length > MAX_SHOWN ? `${masked.slice(0, MAX_SHOWN)}…` : masked;
  return typeof value === "string" ? JSON.stringify(shown) : shown;
}
