import { maskCardNumbersInCause, maskCardNumbersInText } from "./card-number-mask.js";

/**
 * What is known of a failed request's effect at the gateway: `"unknown"` when it may have reached
 * the gateway and taken effect (a lost, cut or foreign reply, a timeout, a 5xx), `"not-applied"`
 * when it is known not to have (refused before sending, connection refused, refused by the
 * gateway). After `"unknown"` on an operation that moves money, recover the order by its
 * `client_orderid` before sending it again.
 *
 * @example
 * ```ts
 * import type { RequestOutcome } from "@card-processing/signing";
 * const safeToResend = (outcome: RequestOutcome) => outcome === "not-applied";
 * ```
 */
export type RequestOutcome = "unknown" | "not-applied";

/**
 * What every error of the family takes besides its code and message.
 *
 * @example
 * ```ts
 * import type { CardProcessingErrorOptions } from "@card-processing/signing";
 * const options: CardProcessingErrorOptions = { outcome: "unknown", cause: new Error("socket hang up") };
 * ```
 */
export interface CardProcessingErrorOptions {
  cause?: unknown;
  /** Whether the request may have taken effect; `"not-applied"` unless said otherwise. */
  outcome?: RequestOutcome | undefined;
}

/**
 * The root of every error the `@card-processing` packages throw or return: `SigningError` here,
 * and every `GatewayError` of `@card-processing/client`. One `instanceof` check catches them all;
 * `code` (`"ERR_..."`) tells them apart, and `outcome` says whether the request may have taken
 * effect (`"not-applied"` for every error thrown before sending: a `SigningError`, a `UsageError`).
 * Messages never hold a key or a CVV, and a card number in a message or in a `cause` (13–19 digits
 * passing the Luhn check) is masked to its first six and last four digits as the error is made.
 *
 * @example
 * ```ts
 * import { CardProcessingError } from "@card-processing/signing";
 * try {
 *   await gateway.sale(body); // throws on misuse: a SigningError or a UsageError
 * } catch (error) {
 *   if (error instanceof CardProcessingError) console.error(error.code, error.outcome, error.message);
 * }
 * ```
 */
export class CardProcessingError extends Error {
  override name = "CardProcessingError";
  /** What went wrong, as a stable string (`"ERR_AMOUNT_INVALID"`, `"ERR_TIMEOUT"`...). */
  readonly code: string;
  /** Whether the request may have taken effect at the gateway. */
  readonly outcome: RequestOutcome;

  constructor(code: string, message: string, options: CardProcessingErrorOptions = {}) {
    // Masked before `super`, so that the stack's first line never held the number either.
    super(
      maskCardNumbersInText(message),
      options.cause === undefined ? undefined : { cause: maskCardNumbersInCause(options.cause) },
    );
    this.code = code;
    this.outcome = options.outcome ?? "not-applied";
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
