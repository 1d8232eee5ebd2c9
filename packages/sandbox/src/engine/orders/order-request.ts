import type { TransactionStatus } from "@card-processing/types";
import type { Order, OrderRequest } from "./order.js";

/** The final status an operation ends in, with the error fields of a failure. */
export interface Decision {
  readonly status: TransactionStatus;
  readonly errorMessage?: string;
  readonly errorCode?: number;
}

/** A request in `processing`, not decided yet. */
export function openRequest(type: string, amountMinor: bigint, createdAt: number): OrderRequest {
  return { type, amountMinor, createdAt, status: "processing", errorMessage: undefined, errorCode: undefined };
}

/**
 * The request an operation on `order` belongs to: the latest one while it is still undecided (a
 * payment going on after its hosted page or 3-D Secure step), else a new one.
 */
export function requestFor(order: Order, type: string, amountMinor: bigint, now: number): OrderRequest {
  const latest = order.latestRequest;
  if (latest.status === "processing") return latest;
  const request = openRequest(type, amountMinor, now);
  order.latestRequest = request;
  return request;
}

/** Records the decision of a request. */
export function decideRequest(request: OrderRequest, decision: Decision): void {
  request.status = decision.status;
  request.errorMessage = decision.errorMessage;
  request.errorCode = decision.errorCode;
}

/** Remembers which request the reply with `serialNumber` acknowledged. */
export function rememberSerial(order: Order, serialNumber: string): void {
  order.requestsBySerial.set(serialNumber, order.latestRequest);
}
