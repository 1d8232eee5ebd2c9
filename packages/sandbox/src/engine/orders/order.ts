import type { TransactionStatus } from "@card-processing/types";
import type { TestCardBehaviour } from "../../test-values/test-card-behaviour.js";
import type { RequestFingerprint } from "../values/request-fingerprint.js";

/** What kind of transaction an order started as. */
export type OrderKind = "sale" | "preauth" | "account-verification" | "payout" | "transfer" | "pan-eligibility";

/** The card data the sandbox keeps: never the full number or the security code. */
export interface StoredCard {
  readonly bin: string;
  readonly lastFour: string;
  readonly brand: string;
  readonly printedName: string;
  readonly expireMonth: string;
  readonly expireYear: string;
  readonly behaviour: TestCardBehaviour;
  /**
   * What the card does when it is used again without a CVV2 (stored by reference or recurring
   * payment, then charged or paid); absent on a card kept before this existed (then `behaviour`).
   */
  readonly behaviourWithoutCvv2?: TestCardBehaviour;
}

/** Where a 3-D Secure authentication stands. */
export interface ThreeDSecureState {
  readonly version: "2.x-challenge" | "1.0.2";
  stage: "method" | "challenge" | "done";
  methodCompletion?: "Y" | "N" | "U";
  result?: "AUTHENTICATED" | "NOT_AUTHENTICATED" | "UNSUPPORTED" | "UNKNOWN";
}

/**
 * One request made on an order (the payment, a capture, a return...) with its own outcome, so the
 * status operation can answer for it by `by-request-sn`.
 */
export interface OrderRequest {
  readonly type: string;
  readonly amountMinor: bigint;
  /** Sandbox-clock time it was received: the transactions report lists it by this. */
  readonly createdAt: number;
  status: TransactionStatus;
  errorMessage: string | undefined;
  errorCode: number | undefined;
}

/** How a pending operation ends: each name is a rule of `pendingOutcomes`. */
export type PendingOutcomeName =
  | "card"
  | "destination"
  | "hostedPayout"
  | "transfer"
  | "capture"
  | "void"
  | "release"
  | "reversal";

/** An operation on an order whose final status is pending (sale, capture, void, return...). */
export interface PendingOperation {
  /** Callback `type`: sale, preauth, capture, void, reversal, cancel, payout, transfer... */
  readonly type: string;
  readonly amountMinor: bigint;
  /** The rule that decides it once the latency has passed. */
  readonly outcome: PendingOutcomeName;
}

/**
 * One order of the sandbox: the transaction a merchant started, and everything later operations
 * did to it. `status` is what the status operation answers: the status of the latest operation.
 */
export interface Order {
  readonly orderid: string;
  readonly clientOrderId: string;
  readonly endpointId: string;
  readonly kind: OrderKind;
  /** The operation that created the order (`sale`, `saleForm`, `makeRebill`...). */
  readonly operationId: string;
  /** Amount and currency as the merchant sent them, for replies and idempotent replays. */
  readonly amount: string;
  readonly currency: string;
  readonly amountMinor: bigint;
  status: TransactionStatus;
  /** Internal phase, finer than `status`. */
  phase: "awaiting-form" | "authenticating" | "processing" | "registered" | "final";
  capturedMinor: bigint;
  /** Returned by the merchant (return) or by the bank (reversal event). */
  refundedMinor: bigint;
  /** Taken back by chargebacks; it can no longer be returned. */
  chargedBackMinor: bigint;
  settled: boolean;
  /** Voided, or a preauthorization cancelled by a return. */
  cancelled: "voided" | "released" | false;
  pending: PendingOperation | undefined;
  /** The type of the last operation, reported in callbacks. */
  lastType: string;
  lastAmountMinor: bigint;
  card: StoredCard | undefined;
  /** Destination card of a payout or transfer, when it is a card. */
  destination: StoredCard | undefined;
  /** What the destination bank account of a payout does (a sandbox test account), when it is an account. */
  accountBehaviour: TestCardBehaviour | undefined;
  threeDSecure: ThreeDSecureState | undefined;
  email: string | undefined;
  callbackUrl: string | undefined;
  /** Told of every new transaction of the order (reversals, chargebacks...), beside `callbackUrl`. */
  notifyUrl: string | undefined;
  redirectUrl: string | undefined;
  /** Token of the hosted page or ACS page, part of their address. */
  pageToken: string;
  cardRefId: string | undefined;
  errorMessage: string | undefined;
  errorCode: number | undefined;
  /** The latest request on the order, and every acknowledged request by its reply's `serial-number`. */
  latestRequest: OrderRequest;
  readonly requestsBySerial: Map<string, OrderRequest>;
  /** Digest of the creating request, to tell a replay from a conflicting reuse of client_orderid. */
  readonly fingerprint: RequestFingerprint;
  readonly createdAt: number;
}

/** Fields of a new order; the engine fills in the rest. */
export type NewOrder = Readonly<
  Pick<
    Order,
    "clientOrderId" | "endpointId" | "kind" | "operationId" | "amount" | "currency" | "amountMinor" | "fingerprint"
  > &
    Partial<
      Pick<Order, "card" | "destination" | "accountBehaviour" | "email" | "callbackUrl" | "notifyUrl" | "redirectUrl">
    >
>;
