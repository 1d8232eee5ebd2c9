import type { TransactionStatus } from "@card-processing/types";
import type { TestCardBehaviour } from "../spec/test-cards.js";
import type { OrderRequest } from "./order-request.js";
import type { RequestFingerprint } from "./request-fingerprint.js";

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
}

/** Where a 3-D Secure authentication stands. */
export interface ThreeDSecureState {
  readonly version: "2.x-challenge" | "1.0.2";
  stage: "method" | "challenge" | "done";
  methodCompletion?: "Y" | "N" | "U";
  result?: "AUTHENTICATED" | "NOT_AUTHENTICATED" | "UNSUPPORTED" | "UNKNOWN";
}

/** An operation on an order whose final status is pending (sale, capture, void, return...). */
export interface PendingOperation {
  /** Callback `type`: sale, preauth, capture, void, reversal, cancel, payout, transfer... */
  readonly type: string;
  readonly amountMinor: bigint;
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
