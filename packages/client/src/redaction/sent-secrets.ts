import { maskCardNumber, maskCardNumbersInText } from "@card-processing/signing";
import { type OperationEntry, personalDataFields } from "@card-processing/types";
import { maskPersonalData } from "./personal-data-mask.js";
import { isCardNumberName, isSecretName } from "./redaction.js";

/**
 * The secret values one request sent (security codes, `control`, OAuth signatures, card numbers)
 * and its person's data (the fields the spec marks `x-personal-data`), so that a reply that
 * repeats them can be scrubbed before anyone sees it: the reply, the error made of it, its span.
 */
export interface SentSecrets {
  /**
   * The text with every sent secret replaced, every value of a person's data masked as the log
   * masks it (`j***@gmail.com`), also where it is repeated form-encoded, and every card number
   * masked to six and four digits.
   */
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

/** One pattern per secret or personal value sent, and per spelling of it, with what replaces it; longest first. */
function secretPatterns(entry: OperationEntry | undefined, fields: URLSearchParams): Array<[RegExp, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, value] of fields) {
    const sent = value.trim();
    if (sent === "") continue;
    const secret = entry?.secretFields.includes(name) || isSecretName(name);
    const card = entry?.cardNumberFields.includes(name) || isCardNumberName(name);
    const kind = Object.hasOwn(personalDataFields, name)
      ? (personalDataFields as Readonly<Record<string, string>>)[name]
      : undefined;
    if (!secret && !card && kind === undefined) continue;
    const replacement = secret ? "[redacted]" : card ? maskCardNumber(value) : maskPersonalData(kind ?? "", sent);
    // As sent on the wire, and decoded: a gateway may repeat either.
    for (const spelling of new Set([
      sent,
      encodeURIComponent(sent),
      new URLSearchParams({ v: sent }).toString().slice(2),
    ]))
      found.push([spelling, replacement]);
  }
  // Longest first: a first name is not masked out of the e-mail that holds it before the e-mail is.
  found.sort(([a], [b]) => b.length - a.length);
  // Whole values only, in any case: a three-digit code is not scrubbed out of a longer number.
  return found.map(([spelling, replacement]) => [
    new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(spelling)}(?![0-9A-Za-z])`, "gi"),
    replacement,
  ]);
}

/** A reply object with every string value scrubbed. */
export function scrubReply(reply: Record<string, unknown>, secrets: SentSecrets): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(reply)) out[key] = typeof value === "string" ? secrets.scrub(value) : value;
  return out;
}
