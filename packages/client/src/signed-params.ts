import { SignatureError } from "./signature-error.js";
import { UsageError } from "./usage-error.js";

type Verifier = (params: Record<string, string>, controlKey: string) => Promise<boolean>;

/**
 * Throws a {@link SignatureError} unless `params` carry a `control` that the verifier accepts:
 * `ERR_SIGNATURE_MISSING` without one, `ERR_SIGNATURE_INVALID` when a signed term is missing or
 * the digest does not match. Values never appear in messages.
 *
 * @example
 * ```ts
 * await requireSignedParams("callback", params, ["status", "orderid", "client_orderid"], key, verifyCallback);
 * ```
 */
export async function requireSignedParams(
  what: string,
  params: Record<string, string>,
  terms: readonly string[],
  controlKey: string,
  verify: Verifier,
): Promise<void> {
  if (typeof controlKey !== "string" || controlKey === "") {
    throw new UsageError("ERR_OPTION_INVALID", `Verifying a ${what} needs the merchant control key.`, { field: "controlKey" });
  }
  if (!params["control"]) {
    throw new SignatureError(`The ${what} carries no control parameter; it cannot be trusted.`, { code: "ERR_SIGNATURE_MISSING" });
  }
  const missing = terms.filter((term) => params[term] === undefined);
  if (missing.length > 0) {
    throw new SignatureError(`The ${what} lacks ${missing.join(", ")}, which its control signs; it cannot be trusted.`, {
      code: "ERR_SIGNATURE_INVALID",
    });
  }
  let valid: boolean;
  try {
    valid = await verify(params, controlKey);
  } catch (cause) {
    throw new SignatureError(`The ${what} could not be verified.`, { code: "ERR_SIGNATURE_INVALID", cause });
  }
  if (!valid) {
    throw new SignatureError(`The ${what}'s control does not match its parameters and the merchant control key; it cannot be trusted.`, {
      code: "ERR_SIGNATURE_INVALID",
    });
  }
}
