import { findCardNumbers } from "./card-number-scan.js";

// The one rule for showing a card number: its first six and last four digits, the rest masked,
// however the number is spelled (see card-number-scan.ts). Every error of the family, every log
// line of the client and everything the sandbox keeps goes through it.

/**
 * Masks a card number to its first six and last four digits (`411111******1111`), whatever
 * separates its digits (spaces, dots, dashes, NBSP) and in whatever digits it is written
 * (fullwidth `４` counts as `4`). A value that is not 13–19 digits is masked whole, since it cannot
 * be shown safely.
 *
 * @example
 * ```ts
 * import { maskCardNumber } from "@card-processing/signing";
 * maskCardNumber("4111 1111 1111 1111"); // "411111******1111"
 * ```
 */
export function maskCardNumber(value: string): string {
  const digits = value.normalize("NFKC").replace(/[^\p{L}\p{N}]/gu, "");
  if (!/^\d{13,19}$/.test(digits)) return "*".repeat(Math.min(value.length, 19));
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * Masks every card number in a text to its first six and last four digits, wherever it appears (a
 * message, an order id built from input, a URL's query) and however it is spelled: 13–19 digits
 * that pass the Luhn check, whole or in groups of three or more digits split by up to three
 * characters that are not letters or digits (spaces, tabs, NBSP, dots, dashes, `+`, `%20`), each
 * digit ASCII, another digit NFKC reads as one (fullwidth `５`), or percent-encoded (`%35`). Numbers
 * that fail the Luhn check or have under 13 digits (order ids, amounts, dates) are left alone.
 *
 * @example
 * ```ts
 * import { maskCardNumbersInText } from "@card-processing/signing";
 * maskCardNumbersInText("order-4111111111111111"); // "order-411111******1111"
 * maskCardNumbersInText("?pan=5555%205555%205555%204444"); // "?pan=555555******4444"
 * ```
 */
export function maskCardNumbersInText(text: string): string {
  if (!mayHoldThirteenDigits(text)) return text;
  let out = "";
  let from = 0;
  for (const { start, end, digits } of findCardNumbers(text)) {
    out += text.slice(from, start) + maskCardNumber(digits);
    from = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Whether `text` may hold 13 digits in all, the fewest a card number has (a character beyond
 * ASCII may be a digit in another form): a pass over its characters that spares most values
 * (names, amounts, ids) the scan, on hot paths that mask every value they keep.
 */
function mayHoldThirteenDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (((code >= 48 && code <= 57) || code > 127) && ++digits === 13) return true;
  }
  return false;
}

/**
 * The cause with its card numbers masked. A cause that holds none is kept as it is; an `Error`
 * that does (a parser's message quoting a reply, a `fetch` error quoting a URL) is replaced by a
 * plain `Error` copy with the same name, masked message, stack, string properties and cause
 * (an error of the family is masked already, so it is kept).
 */
export function maskCardNumbersInCause(cause: unknown, depth = 0): unknown {
  if (typeof cause === "string") return maskCardNumbersInText(cause);
  if (!(cause instanceof Error) || depth > 4) return cause;
  const inner = cause.cause === undefined ? undefined : maskCardNumbersInCause(cause.cause, depth + 1);
  const fields = Object.entries(cause).map(([key, value]) => [
    key,
    typeof value === "string" ? maskCardNumbersInText(value) : value,
  ]);
  const clean =
    inner === cause.cause &&
    maskCardNumbersInText(cause.message) === cause.message &&
    maskCardNumbersInText(cause.stack ?? "") === (cause.stack ?? "") &&
    fields.every(([key, value]) => value === (cause as unknown as Record<string, unknown>)[key as string]);
  if (clean) return cause;
  const copy = new Error(maskCardNumbersInText(cause.message), inner === undefined ? undefined : { cause: inner });
  Object.assign(copy, Object.fromEntries(fields));
  copy.name = cause.name;
  copy.stack = maskCardNumbersInText(cause.stack ?? "");
  return copy;
}
