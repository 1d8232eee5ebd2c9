// Installed with @card-processing/signing only, without openapi-fetch: its published types must
// compile on their own, the middleware's included.
import {
  controlDigest,
  createSigningMiddleware,
  type SigningMiddleware,
  type VerifyResult,
  verifyCallback,
} from "@card-processing/signing";

export const digest: Promise<string> = controlDigest(["1111", "902B4FF5", "1042"], "control-key");

export const signer: SigningMiddleware = createSigningMiddleware({ login: "shop", controlKey: "control-key" });

export async function accepted(params: URLSearchParams): Promise<boolean> {
  const result: VerifyResult = await verifyCallback(params, "control-key");
  return result.ok;
}

// @ts-expect-error the middleware takes the merchant's keys, so the types are not `any`
createSigningMiddleware({});
