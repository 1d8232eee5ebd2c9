import type { SignatureRule } from "../../packages/types/src/operation-entry.ts";

/**
 * The sentence the API reference must show for a signature rule, written independently of the
 * decorator from the operation table: for the control digest, the terms in order.
 */
export function expectedSignatureText(rule: SignatureRule): string {
  switch (rule.scheme) {
    case "control":
      return `SHA-1 of ${[...rule.terms.map((t) => (t === "amount" ? "amount (minor units)" : t)), "merchant control key"].join(" + ")}`;
    case "oauth-hmac-sha1":
      return "Signed with OAuth 1.0a HMAC-SHA1 in the Authorization header";
    case "oauth-rsa-sha256":
      return "Signed with OAuth 1.0a RSA-SHA256 in the Authorization header";
    case "none":
      return "Not signed.";
  }
}
