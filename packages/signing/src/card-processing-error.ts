/**
 * The root of every error the `@card-processing` packages throw or return: `SigningError` here,
 * and every `GatewayError` of `@card-processing/client`. One `instanceof` check catches them all;
 * `code` (`"ERR_..."`) tells them apart, and messages never hold a key, a card number or a CVV.
 *
 * @example
 * ```ts
 * import { CardProcessingError } from "@card-processing/signing";
 * try {
 *   await gateway.sale(body); // throws on misuse: a SigningError or a UsageError
 * } catch (error) {
 *   if (error instanceof CardProcessingError) console.error(error.code, error.message);
 * }
 * ```
 */
export class CardProcessingError extends Error {
  override name = "CardProcessingError";
  /** What went wrong, as a stable string (`"ERR_AMOUNT_INVALID"`, `"ERR_TIMEOUT"`...). */
  readonly code: string;

  constructor(code: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

const familyNames: ReadonlySet<string> = new Set([
  "CardProcessingError",
  "SigningError",
  "GatewayError",
  "ValidationError",
  "OrderNotFoundError",
  "ServerError",
  "ReplyError",
  "TimeoutError",
  "StatusUnchangedError",
  "NetworkError",
  "SignatureError",
  "UsageError",
]);

/**
 * True for an error of the `@card-processing` family, also when it comes from another realm or
 * another copy of the packages (where `instanceof` fails): its `name` is one of the family's and
 * its `code` starts with `ERR_`.
 *
 * @example
 * ```ts
 * import { isCardProcessingError } from "@card-processing/signing";
 * try {
 *   await gateway.sale(body);
 * } catch (error) {
 *   if (isCardProcessingError(error)) console.error(error.code);
 * }
 * ```
 */
export function isCardProcessingError(error: unknown): error is CardProcessingError {
  if (error instanceof CardProcessingError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return familyNames.has(error.name) && typeof code === "string" && code.startsWith("ERR_");
}
