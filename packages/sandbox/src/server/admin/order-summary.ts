import { decimalOf } from "../../engine/money.js";
import type { Order } from "../../engine/order.js";

/**
 * An order as `GET /paynet/_admin/orders` lists it: ids, operation, money, status, 3-D Secure
 * result and sandbox-clock creation time.
 */
export function orderSummary(o: Order) {
  return {
    orderid: o.orderid,
    client_orderid: o.clientOrderId,
    endpoint_id: o.endpointId,
    kind: o.kind,
    operation: o.operationId,
    status: o.status,
    phase: o.phase,
    amount: o.amount,
    currency: o.currency,
    captured: decimalOf(o.capturedMinor, o.currency),
    returned: decimalOf(o.refundedMinor, o.currency),
    charged_back: decimalOf(o.chargedBackMinor, o.currency),
    // The type of the order's latest transaction: a chargeback or reversal is one of its own.
    last_transaction: o.lastType,
    settled: o.settled,
    cancelled: o.cancelled,
    three_ds_result: o.threeDSecure?.result ?? null,
    created_at: new Date(o.createdAt).toISOString(),
  };
}
