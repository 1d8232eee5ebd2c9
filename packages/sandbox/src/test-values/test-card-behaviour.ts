/**
 * What a test card does: the final status it leads to, or the 3-D Secure flow it goes through
 * first (whose authentication result then decides the status).
 *
 * @example
 * ```ts
 * import type { TestCardBehaviour } from "@card-processing/sandbox";
 * const behaviour: TestCardBehaviour = { outcome: "approved", threeDSecure: "none", description: "approved" };
 * ```
 */
export interface TestCardBehaviour {
  /** The status the payment ends in; `unknown` stays unknown, as on an acquirer network problem. */
  readonly outcome: "approved" | "declined" | "error" | "unknown";
  readonly threeDSecure: "none" | "2.x-challenge" | "1.0.2";
  readonly description: string;
  /** The ACS page's password that authenticates; without one, any code does. */
  readonly threeDSecurePassword?: string;
  /** `error-message` and `error-code` of a decline, error or unknown outcome. */
  readonly errorMessage?: string;
  readonly errorCode?: number;
}
