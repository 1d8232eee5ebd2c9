import type { ThreeDSecureState } from "../orders/order.js";

/** The authentication result of an ACS `transStatus` (EMV 3DS) or PaRes status (3-D Secure 1.0.2). */
export function resultOfTransStatus(transStatus: string): NonNullable<ThreeDSecureState["result"]> {
  switch (transStatus) {
    case "Y":
    case "A":
      return "AUTHENTICATED";
    case "N":
    case "R":
      return "NOT_AUTHENTICATED";
    default:
      return "UNKNOWN";
  }
}

/**
 * Reads the `transStatus` of a sandbox CRes or PaRes: base64 (or base64url) of a JSON object
 * such as `{"transStatus":"Y"}`, which is what the sandbox's ACS page produces.
 */
export function transStatusOf(encoded: string): string | undefined {
  try {
    const text = Buffer.from(encoded.replace(/\s+/g, ""), "base64").toString("utf8");
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const status = (parsed as Record<string, unknown>)["transStatus"];
    return typeof status === "string" && /^[A-Z]$/.test(status) ? status : undefined;
  } catch {
    return undefined;
  }
}

/** The CRes or PaRes the sandbox's ACS page hands back for `transStatus`. */
export function encodeAuthenticationResponse(transStatus: string, orderid: string): string {
  return Buffer.from(JSON.stringify({ transStatus, orderid })).toString("base64url");
}
