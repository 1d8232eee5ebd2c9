import { maskCardNumber, maskCardNumbersInText } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import { isCardNumberName, isSecretName } from "./redaction.js";

/**
 * The secret values one request sent (security codes, `control`, OAuth signatures, card
 * numbers), so that a reply that repeats them can be scrubbed before anyone sees it.
 */
export interface SentSecrets {
  /** The text with every sent secret replaced and every card number masked to six and four digits. */
  scrub(text: string): string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function sentSecrets(entry: OperationEntry | undefined, fields: URLSearchParams): SentSecrets {
  // Built on first use: most replies are never scrubbed.
  let replacements: Array<[RegExp, string]> | undefined;
  return {
    scrub(text) {
      replacements ??= secretPatterns(entry, fields);
      let out = text;
      for (const [pattern, replacement] of replacements) out = out.replace(pattern, replacement);
      return maskCardNumbersInText(out);
    },
  };
}

/** One pattern per secret value sent, with what replaces it. */
function secretPatterns(entry: OperationEntry | undefined, fields: URLSearchParams): Array<[RegExp, string]> {
  const replacements: Array<[RegExp, string]> = [];
  for (const [name, value] of fields) {
    if (value.trim() === "") continue;
    const secret = entry?.secretFields.includes(name) || isSecretName(name);
    const card = entry?.cardNumberFields.includes(name) || isCardNumberName(name);
    if (!secret && !card) continue;
    // Whole values only: a three-digit code is not scrubbed out of a longer number.
    const pattern = new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(value.trim())}(?![0-9A-Za-z])`, "g");
    replacements.push([pattern, card && !secret ? maskCardNumber(value) : "[redacted]"]);
  }
  return replacements;
}

/** A reply object with every string value scrubbed. */
export function scrubReply(reply: Record<string, unknown>, secrets: SentSecrets): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(reply)) out[key] = typeof value === "string" ? secrets.scrub(value) : value;
  return out;
}
