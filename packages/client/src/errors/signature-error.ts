import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * A callback or customer return whose `control` is missing (`ERR_SIGNATURE_MISSING`) or does not
 * match its parameters and the merchant control key (`ERR_SIGNATURE_INVALID`). Do not trust its
 * contents.
 *
 * @example
 * ```ts
 * import { parseCallback, SignatureError } from "@card-processing/client";
 * try {
 *   await parseCallback(new URL(request.url).searchParams, controlKey);
 * } catch (error) {
 *   if (error instanceof SignatureError) console.warn("callback refused:", error.message); // answer 403
 * }
 * ```
 */
export class SignatureError extends GatewayError {
  override name = "SignatureError" as const;
  declare readonly code: "ERR_SIGNATURE_MISSING" | "ERR_SIGNATURE_INVALID";

  constructor(
    message: string,
    options: GatewayErrorOptions & { code: "ERR_SIGNATURE_MISSING" | "ERR_SIGNATURE_INVALID" },
  ) {
    super(options.code, message, options);
  }
}
