import type { TransactionStatus } from "@card-processing/types";
import type { TestCardBehaviour } from "../../test-values/test-card-behaviour.js";
import type { Order, OrderRequest, PendingOutcomeName, StoredCard, ThreeDSecureState } from "../orders/order.js";
import {
  FIELD_DIGEST_CHARS,
  fieldDigest,
  type RequestFingerprint,
  sharedNames,
} from "../values/request-fingerprint.js";

/**
 * An order's request fingerprint as JSON, its digests as pairs: a record of its own (kind
 * `fingerprint`), written once when the order is made, since it never changes while the order
 * does (a digest per field of the creating request). Directories written before digests were cut
 * to 16 characters hold whole ones (43 characters), whose first 16 are the same digest.
 */
export interface FingerprintJson {
  readonly operationId: string;
  readonly digests: ReadonlyArray<readonly [string, string]>;
}

/** `fingerprint` as its record keeps it. */
export function fingerprintToJson(fingerprint: RequestFingerprint): FingerprintJson {
  return {
    operationId: fingerprint.operationId,
    digests: fingerprint.names.map((name) => [name, fieldDigest(fingerprint, name) ?? ""] as const),
  };
}

/** A fingerprint as its record kept it, whole digests of older directories cut as new ones are. */
function fingerprintFromJson(json: FingerprintJson): RequestFingerprint {
  return {
    operationId: json.operationId,
    names: sharedNames(json.digests.map(([name]) => name)),
    digests: json.digests.map(([, digest]) => digest.slice(0, FIELD_DIGEST_CHARS)).join(""),
  };
}

/** An order as JSON: amounts in minor units as strings, its requests once each, referred to by index. */
interface OrderJson {
  readonly orderid: string;
  readonly clientOrderId: string;
  readonly endpointId: string;
  readonly kind: Order["kind"];
  readonly operationId: string;
  readonly amount: string;
  readonly currency: string;
  readonly amountMinor: string;
  readonly status: TransactionStatus;
  readonly phase: Order["phase"];
  readonly capturedMinor: string;
  readonly refundedMinor: string;
  readonly chargedBackMinor: string;
  readonly settled: boolean;
  readonly cancelled: Order["cancelled"];
  readonly pending?: { readonly type: string; readonly amountMinor: string; readonly outcome: PendingOutcomeName };
  readonly lastType: string;
  readonly lastAmountMinor: string;
  readonly card?: StoredCard;
  readonly destination?: StoredCard;
  readonly accountBehaviour?: TestCardBehaviour;
  readonly threeDSecure?: ThreeDSecureState;
  readonly email?: string;
  readonly callbackUrl?: string;
  readonly notifyUrl?: string;
  readonly redirectUrl?: string;
  readonly pageToken: string;
  readonly cardRefId?: string;
  readonly errorMessage?: string;
  readonly errorCode?: number;
  readonly requests: ReadonlyArray<{
    readonly type: string;
    readonly amountMinor: string;
    /** Absent in a directory written before the transactions report: the order's own creation time. */
    readonly createdAt?: number;
    readonly status: TransactionStatus;
    readonly errorMessage?: string;
    readonly errorCode?: number;
  }>;
  readonly latestRequest: number;
  readonly requestsBySerial: ReadonlyArray<readonly [string, number]>;
  /** Only in directories written before the fingerprint became a record of its own. */
  readonly fingerprint?: FingerprintJson;
  readonly createdAt: number;
}

/**
 * `order` as plain JSON for the store. The latest request is usually also one acknowledged by a
 * serial number, the same object: each request is written once and named by its index, so it is
 * one object again when read back.
 */
export function orderToJson(order: Order): OrderJson {
  const requests: OrderRequest[] = [order.latestRequest];
  const indexOf = (request: OrderRequest): number => {
    const at = requests.indexOf(request);
    return at === -1 ? requests.push(request) - 1 : at;
  };
  const requestsBySerial = [...order.requestsBySerial].map(([serial, request]) => [serial, indexOf(request)] as const);
  return {
    orderid: order.orderid,
    clientOrderId: order.clientOrderId,
    endpointId: order.endpointId,
    kind: order.kind,
    operationId: order.operationId,
    amount: order.amount,
    currency: order.currency,
    amountMinor: String(order.amountMinor),
    status: order.status,
    phase: order.phase,
    capturedMinor: String(order.capturedMinor),
    refundedMinor: String(order.refundedMinor),
    chargedBackMinor: String(order.chargedBackMinor),
    settled: order.settled,
    cancelled: order.cancelled,
    ...(order.pending === undefined
      ? {}
      : {
          pending: {
            type: order.pending.type,
            amountMinor: String(order.pending.amountMinor),
            outcome: order.pending.outcome,
          },
        }),
    lastType: order.lastType,
    lastAmountMinor: String(order.lastAmountMinor),
    ...(order.card === undefined ? {} : { card: order.card }),
    ...(order.destination === undefined ? {} : { destination: order.destination }),
    ...(order.accountBehaviour === undefined ? {} : { accountBehaviour: order.accountBehaviour }),
    ...(order.threeDSecure === undefined ? {} : { threeDSecure: order.threeDSecure }),
    ...(order.email === undefined ? {} : { email: order.email }),
    ...(order.callbackUrl === undefined ? {} : { callbackUrl: order.callbackUrl }),
    ...(order.notifyUrl === undefined ? {} : { notifyUrl: order.notifyUrl }),
    ...(order.redirectUrl === undefined ? {} : { redirectUrl: order.redirectUrl }),
    pageToken: order.pageToken,
    ...(order.cardRefId === undefined ? {} : { cardRefId: order.cardRefId }),
    ...(order.errorMessage === undefined ? {} : { errorMessage: order.errorMessage }),
    ...(order.errorCode === undefined ? {} : { errorCode: order.errorCode }),
    requests: requests.map((r) => ({
      type: r.type,
      amountMinor: String(r.amountMinor),
      createdAt: r.createdAt,
      status: r.status,
      ...(r.errorMessage === undefined ? {} : { errorMessage: r.errorMessage }),
      ...(r.errorCode === undefined ? {} : { errorCode: r.errorCode }),
    })),
    latestRequest: 0,
    requestsBySerial,
    createdAt: order.createdAt,
  };
}

/** The order `json` (from `orderToJson`) describes, its shared requests shared again. */
export function orderFromJson(json: OrderJson, fingerprint: FingerprintJson | undefined = json.fingerprint): Order {
  const requests: OrderRequest[] = json.requests.map((r) => ({
    type: r.type,
    amountMinor: BigInt(r.amountMinor),
    createdAt: r.createdAt ?? json.createdAt,
    status: r.status,
    errorMessage: r.errorMessage,
    errorCode: r.errorCode,
  }));
  const requestAt = (index: number): OrderRequest => {
    const request = requests[index];
    if (request === undefined) throw new RangeError(`order ${json.orderid}: no request ${index} in the stored order`);
    return request;
  };
  return {
    orderid: json.orderid,
    clientOrderId: json.clientOrderId,
    endpointId: json.endpointId,
    kind: json.kind,
    operationId: json.operationId,
    amount: json.amount,
    currency: json.currency,
    amountMinor: BigInt(json.amountMinor),
    status: json.status,
    phase: json.phase,
    capturedMinor: BigInt(json.capturedMinor),
    refundedMinor: BigInt(json.refundedMinor),
    chargedBackMinor: BigInt(json.chargedBackMinor),
    settled: json.settled,
    cancelled: json.cancelled,
    pending:
      json.pending === undefined
        ? undefined
        : { type: json.pending.type, amountMinor: BigInt(json.pending.amountMinor), outcome: json.pending.outcome },
    lastType: json.lastType,
    lastAmountMinor: BigInt(json.lastAmountMinor),
    card: json.card,
    destination: json.destination,
    accountBehaviour: json.accountBehaviour,
    threeDSecure: json.threeDSecure === undefined ? undefined : { ...json.threeDSecure },
    email: json.email,
    callbackUrl: json.callbackUrl,
    notifyUrl: json.notifyUrl,
    redirectUrl: json.redirectUrl,
    pageToken: json.pageToken,
    cardRefId: json.cardRefId,
    errorMessage: json.errorMessage,
    errorCode: json.errorCode,
    latestRequest: requestAt(json.latestRequest),
    requestsBySerial: new Map(json.requestsBySerial.map(([serial, index]) => [serial, requestAt(index)])),
    fingerprint: fingerprintFromJson(fingerprint ?? { operationId: json.operationId, digests: [] }),
    createdAt: json.createdAt,
  };
}

export type { OrderJson };
