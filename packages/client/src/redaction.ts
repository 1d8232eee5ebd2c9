/**
 * Which fields of a body hold card numbers and which must not be shown at all; an operation table
 * entry is one.
 *
 * @example
 * ```ts
 * import type { RedactionRules } from "@card-processing/client";
 * const rules: RedactionRules = { cardNumberFields: ["credit_card_number"], secretFields: ["cvv2", "control"] };
 * ```
 */
export interface RedactionRules {
  readonly cardNumberFields?: readonly string[];
  readonly secretFields?: readonly string[];
}

// Names that are secret whatever the operation, as body fields or headers: signatures, security
// codes, credentials, cookies, keys and passwords.
const SECRET_NAME = /^(control|cvv2?|cvc2?|oauth_signature|(proxy-)?authorization|(set-)?cookie)$|key$|secret|passw/i;
const CARD_NUMBER_NAME = /card[-_]?(number|no)$/i;
const DIGIT_RUN = /\d[\d -]{11,22}\d/g;

/** True for a field or header name that is secret whatever the operation. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** True for a field name that holds a card number whatever the operation. */
export function isCardNumberName(name: string): boolean {
  return CARD_NUMBER_NAME.test(name);
}

/**
 * Masks a card number to its first six and last four digits (`411111******1111`). A value that is
 * not 13–19 digits (spaces and dashes aside) is masked whole, since it cannot be shown safely.
 *
 * @example
 * ```ts
 * import { maskCardNumber } from "@card-processing/client";
 * maskCardNumber("4111 1111 1111 1111"); // "411111******1111"
 * ```
 */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits)) return "*".repeat(Math.min(value.length, 19));
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * Masks every card number hidden in free text (13–19 digits passing the Luhn check), such as a
 * gateway error message that quotes the field it refused.
 */
export function maskCardNumbersInText(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/[\s-]/g, "");
    return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) ? maskCardNumber(digits) : run;
  });
}

/**
 * Copies a request or reply body for logging: secret fields (the operation's `secretFields`, and
 * any `control`, `cvv2`, OAuth signature, credential, cookie, key, secret or password) are
 * removed, card number fields are masked to first six and last four digits, and card numbers
 * inside other values are masked too.
 *
 * @example
 * ```ts
 * import { redactFields } from "@card-processing/client";
 * redactFields({ credit_card_number: "4111111111111111", cvv2: "123", amount: "10.42" });
 * // { credit_card_number: "411111******1111", amount: "10.42" }
 * ```
 */
export function redactFields(
  body: Readonly<Record<string, unknown>>,
  rules: RedactionRules = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (rules.secretFields?.includes(field) || SECRET_NAME.test(field)) continue;
    if (typeof value !== "string") {
      out[field] = value;
    } else if (rules.cardNumberFields?.includes(field) || CARD_NUMBER_NAME.test(field)) {
      out[field] = maskCardNumber(value);
    } else {
      out[field] = maskCardNumbersInText(value);
    }
  }
  return out;
}

/**
 * Copies request headers for logging without `Authorization`, cookies, or anything named like a
 * key or secret.
 *
 * @example
 * ```ts
 * import { redactHeaders } from "@card-processing/client";
 * redactHeaders(new Headers({ Authorization: "OAuth ...", Accept: "application/vnd.pay+json" }));
 * // { accept: "application/vnd.pay+json" }
 * ```
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET_NAME.test(name)) out[name] = value;
  });
  return out;
}

/**
 * A copy of `request` safe to keep on an error: its method, URL and headers without secrets
 * (`Authorization` and the like), and no body (the body holds card data and `control`).
 */
export function redactedRequest(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: redactHeaders(request.headers) });
}

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
