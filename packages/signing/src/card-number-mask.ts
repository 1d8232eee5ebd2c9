// The one rule for showing a card number: its first six and last four digits, the rest masked.
// Every error of the family and every log line of the client goes through it.

/** Digit groups joined by single spaces or dashes: `4111 1111 1111 1111`, `order-4111111111111111`. */
const DIGIT_GROUPS = /\d+(?:[ -]\d+)*/g;

/** True when `digits` (digits only) passes the Luhn check. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True for 13 to 19 digits that pass the Luhn check and do not start with 0 (no payment card's
 * issuer number does, ISO/IEC 7812): what a card number looks like. Without the last rule a run of
 * zeros, such as the serial number `00000000-0000-0000-0000-0000026f8e3a`, would pass.
 */
function isCardNumberShaped(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && digits[0] !== "0" && passesLuhn(digits);
}

/**
 * Masks a card number to its first six and last four digits (`411111******1111`). A value that is
 * not 13–19 digits (spaces and dashes aside) is masked whole, since it cannot be shown safely.
 *
 * @example
 * ```ts
 * import { maskCardNumber } from "@card-processing/signing";
 * maskCardNumber("4111 1111 1111 1111"); // "411111******1111"
 * ```
 */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits)) return "*".repeat(Math.min(value.length, 19));
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * The groups of one run of digit groups with each card number among them masked: the longest
 * span of consecutive groups, from the left, holding 13–19 digits that pass the Luhn check
 * (`ref 1234 4111 1111 1111 1111` masks the last four groups, `4111111111111111-2024` the first).
 */
function maskRun(run: string): string {
  const groups = run.split(/[ -]/);
  const separators = run.match(/[ -]/g) ?? [];
  let out = "";
  let i = 0;
  while (i < groups.length) {
    let end = -1;
    let digits = "";
    for (let j = i; j < groups.length && digits.length + (groups[j] ?? "").length <= 19; j++) {
      digits += groups[j];
      if (isCardNumberShaped(digits)) end = j;
    }
    if (end >= 0) {
      out += maskCardNumber(groups.slice(i, end + 1).join(""));
      i = end + 1;
    } else {
      out += groups[i];
      i += 1;
    }
    if (i < groups.length) out += separators[i - 1];
  }
  return out;
}

/**
 * Masks every card number in a text (13–19 digits, alone or in groups split by spaces or dashes,
 * that pass the Luhn check) to its first six and last four digits, wherever it appears:
 * a message, an order id built from input, a URL's query.
 *
 * @example
 * ```ts
 * import { maskCardNumbersInText } from "@card-processing/signing";
 * maskCardNumbersInText("order-4111111111111111"); // "order-411111******1111"
 * ```
 */
export function maskCardNumbersInText(text: string): string {
  return holdsThirteenDigits(text) ? text.replace(DIGIT_GROUPS, maskRun) : text;
}

/**
 * Whether `text` holds 13 digits in all, the fewest a card number has: a pass over its characters
 * that spares most values (names, amounts, ids) the regular expressions, on hot paths that mask
 * every value they keep.
 */
function holdsThirteenDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57 && ++digits === 13) return true;
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
