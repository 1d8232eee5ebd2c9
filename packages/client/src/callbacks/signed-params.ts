import type { VerifyResult } from "@card-processing/signing";
import { SignatureError } from "../errors/signature-error.js";
import { usageError } from "../errors/usage-error.js";

type Verifier = (params: Record<string, string>, controlKey: string) => Promise<VerifyResult>;

/**
 * Throws a {@link SignatureError} unless `params` carry a `control` that the verifier accepts:
 * `ERR_SIGNATURE_MISSING` without one, `ERR_SIGNATURE_INVALID` when a signed term is missing or
 * the digest does not match. Values never appear in messages.
 */
export async function requireSignedParams(
  what: string,
  params: Record<string, string>,
  terms: readonly string[],
  controlKey: string,
  verify: Verifier,
): Promise<void> {
  if (typeof controlKey !== "string" || controlKey === "") {
    throw usageError("ERR_OPTION_INVALID", "controlKey", "expected the merchant control key, a non-empty string", what);
  }
  const missing = terms.filter((term) => params[term] === undefined);
  let problem: string | undefined;
  let cause: unknown;
  if (!params["control"]) {
    problem = "no control parameter";
  } else if (missing.length > 0) {
    problem = `lacks ${missing.join(", ")}, which control signs`;
  } else {
    try {
      if (!(await verify(params, controlKey)).ok) problem = "control does not match";
    } catch (error) {
      [problem, cause] = ["control could not be checked", error];
    }
  }
  if (problem !== undefined) {
    const code = params["control"] ? "ERR_SIGNATURE_INVALID" : "ERR_SIGNATURE_MISSING";
    throw new SignatureError(`${what}: ${problem}; do not trust it.`, { code, cause });
  }
}
