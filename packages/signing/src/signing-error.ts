import { maskCardNumbersInText } from "./card-number-mask.js";
import { CardProcessingError } from "./card-processing-error.js";

/**
 * Why signing or verification could not proceed, or why a request body breaks a rule of its
 * operation.
 *
 * @example
 * ```ts
 * import type { SigningErrorCode } from "@card-processing/signing";
 * const code: SigningErrorCode = "ERR_AMOUNT_INVALID";
 * ```
 */
export type SigningErrorCode =
  | "ERR_KEY_INVALID"
  | "ERR_KEY_TOO_SHORT"
  | "ERR_KEY_MISSING"
  | "ERR_AMOUNT_INVALID"
  | "ERR_CURRENCY_UNKNOWN"
  | "ERR_OPERATION_UNKNOWN"
  | "ERR_FIELD_MISSING"
  | "ERR_FIELD_INVALID"
  | "ERR_BODY_INVALID"
  | "ERR_URL_INVALID"
  | "ERR_OPTION_INVALID";

/**
 * The one error this package throws (a {@link CardProcessingError}), always before a request
 * leaves, so its `outcome` is `"not-applied"`: a key that is missing or
 * malformed, or a body that breaks a rule of its operation (a required field or signature term
 * missing, an amount without its currency, an amount that is not a decimal in the currency's
 * minor unit). The client throws the same error for the same body mistake. Its message names the
 * operation, the field and the rule, never a key, card number or security code.
 *
 * @example
 * ```ts
 * import { SigningError, toMinorUnits } from "@card-processing/signing";
 * try {
 *   toMinorUnits("10.421", "USD");
 * } catch (error) {
 *   if (error instanceof SigningError && error.code === "ERR_AMOUNT_INVALID") console.log(error.field); // "amount"
 * }
 * ```
 */
export class SigningError extends CardProcessingError {
  override readonly name = "SigningError";
  declare readonly code: SigningErrorCode;
  /** The request field or option at fault, when there is one. */
  readonly field?: string;

  constructor(code: SigningErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(code, message, { cause: options.cause, outcome: "not-applied" });
    if (options.field !== undefined) this.field = maskCardNumbersInText(options.field);
  }
}

/**
 * The error of one field or option, worded as every message of this package is:
 * `where: field: rule` (`where`, the operation, when known).
 */
export function fieldError(
  code: SigningErrorCode,
  field: string,
  rule: string,
  where = "",
  cause?: unknown,
): SigningError {
  return new SigningError(code, `${where === "" ? "" : `${where}: `}${field}: ${rule}`, { field, cause });
}

/** A credential or option that must be a non-empty string, or the error that names it. */
export function requireText(value: unknown, code: SigningErrorCode, field: string, what: string): string {
  if (typeof value !== "string" || value === "") throw fieldError(code, field, `expected ${what}, a non-empty string`);
  return value;
}
