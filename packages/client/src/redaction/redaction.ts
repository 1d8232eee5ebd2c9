import { maskCardNumber, maskCardNumbersInText } from "@card-processing/signing";
import { maskPersonalData } from "./personal-data-mask.js";

/**
 * Which fields of a body hold card numbers, which must not be shown at all, and which hold a
 * person's data (with what they hold); an operation table entry is one.
 *
 * @example
 * ```ts
 * import type { RedactionRules } from "@card-processing/client";
 * const rules: RedactionRules = {
 *   cardNumberFields: ["credit_card_number"],
 *   secretFields: ["cvv2", "control"],
 *   personalDataFields: { email: "email", phone: "phone" },
 * };
 * ```
 */
export interface RedactionRules {
  readonly cardNumberFields?: readonly string[];
  readonly secretFields?: readonly string[];
  /** Fields of a person's data and what each holds (the spec's `x-personal-data`), masked by {@link maskPersonalData}. */
  readonly personalDataFields?: Readonly<Record<string, string>>;
  /**
   * The fields the spec knows (`knownFields` of `@card-processing/types`). When given, any other
   * field (`customer_email`, `address2`) is masked whole (`***`): it may hold a person's data that
   * no rule names.
   */
  readonly knownFields?: readonly string[];
}

// Names that are secret whatever the operation, as body fields or headers: signatures, security
// codes, credentials, cookies, keys and passwords.
const SECRET_NAME = /^(control|cvv2?|cvc2?|oauth_signature|(proxy-)?authorization|(set-)?cookie)$|key$|secret|passw/i;
const CARD_NUMBER_NAME = /card[-_]?(number|no)$/i;

/** True for a field or header name that is secret whatever the operation. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** True for a field name that holds a card number whatever the operation. */
export function isCardNumberName(name: string): boolean {
  return CARD_NUMBER_NAME.test(name);
}

/**
 * Copies a request or reply body for logging: secret fields (the operation's `secretFields`, and
 * any `control`, `cvv2`, OAuth signature, credential, cookie, key, secret or password) are
 * removed, card number fields are masked to first six and last four digits, fields of a person's
 * data (the rules' `personalDataFields`) are masked by {@link maskPersonalData}, fields outside
 * the rules' `knownFields` (when given) are masked whole, and card numbers inside other values are
 * masked too, however they are spelled.
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
    const kinds = rules.personalDataFields;
    const personal = kinds !== undefined && Object.hasOwn(kinds, field) ? kinds[field] : undefined;
    const unknown = rules.knownFields !== undefined && !rules.knownFields.includes(field);
    if ((personal !== undefined || unknown) && value !== undefined && value !== null) {
      out[field] = maskPersonalData(personal ?? "unknown", value);
    } else if (typeof value !== "string") {
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
 * key or secret, and with card numbers in the others masked.
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
    if (!SECRET_NAME.test(name)) out[name] = maskCardNumbersInText(value);
  });
  return out;
}

/**
 * A copy of `request` safe to keep on an error: its method, its URL and headers without secrets
 * (`Authorization` and the like) and with card numbers masked, and no body (the body holds card
 * data and `control`).
 */
export function redactedRequest(request: Request): Request {
  return new Request(maskCardNumbersInText(request.url), {
    method: request.method,
    headers: redactHeaders(request.headers),
  });
}

/**
 * The response to keep on an error: the same one, unless its URL or a header holds a card number
 * (a gateway that redirected to an address quoting the request), then a copy with them masked
 * (its `url` then empty, as a constructed `Response` has no other).
 */
export function redactedResponse(response: Response): Response {
  const headers = new Headers();
  let holdsCardNumber = maskCardNumbersInText(response.url) !== response.url;
  response.headers.forEach((value, name) => {
    const masked = maskCardNumbersInText(value);
    holdsCardNumber ||= masked !== value;
    headers.append(name, masked);
  });
  if (!holdsCardNumber) return response;
  const { status, statusText } = response;
  return new Response(response.bodyUsed ? null : response.body, { status, statusText, headers });
}
