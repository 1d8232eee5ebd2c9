import type { ControlAmounts } from "@card-processing/signing";
import type { RetrySchedule } from "../delivery/retry-schedule.js";
import type { OrderRetention } from "./orders/order-retention.js";
import type { ClockMode } from "./time/sandbox-clock.js";

/**
 * The sandbox's settings: `SandboxOptions` with every default applied (by `resolveOptions`), what
 * the engine and the server run with.
 */
export interface ResolvedOptions {
  readonly port: number;
  readonly host: string;
  readonly login: string;
  readonly controlKey: string;
  readonly publicKey: string;
  readonly privateKeyPem: string | undefined;
  readonly endpointIds: ReadonlySet<string>;
  /** Endpoint group ids served at the group addresses; a group's orders are kept under its id. */
  readonly endpointGroupIds: ReadonlySet<string>;
  readonly latencyMs: number;
  readonly settleDelayMs: number;
  readonly callbackSchedule: RetrySchedule;
  readonly callbackTimeoutMs: number;
  readonly oauthWindowSeconds: number;
  readonly classicReplies: boolean;
  /** How `control` writes amounts of currencies without two decimals. */
  readonly controlAmounts: ControlAmounts;
  readonly returnBeforeOutcome: boolean;
  /** Sandbox time a payment link (hosted page, ACS page) takes a payment for, from its order's creation; `Infinity`: for ever. */
  readonly pageLifetimeMs: number;
  readonly clock: ClockMode;
  readonly timeScale: number;
  /** Window of callback chaos, or `undefined` when chaos is off. */
  readonly callbackChaosWindowMs: number | undefined;
  readonly seed: string | undefined;
  /** What a request that reuses a `client_orderid` for a new order gets: a second order, or the first one replayed. */
  readonly duplicateClientOrderId: "new-order" | "replay";
  readonly log: (line: string) => void;
  /** How many orders, and how old, stay in memory (both `undefined`: every order stays). */
  readonly retention: OrderRetention;
}
