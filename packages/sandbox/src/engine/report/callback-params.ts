import { callbackControl } from "@card-processing/signing";
import type { Order } from "../orders/order.js";
import { decimalOf } from "../values/money.js";
import { gatewayTransactionType } from "../values/transaction-type.js";

/**
 * The query parameters of the callback for `order`'s latest final status, as the documented
 * gateway sends them: `control` is SHA-1 of status + orderid + client_orderid + control key.
 */
export async function callbackParams(order: Order, controlKey: string): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    status: order.status,
    merchant_order: order.clientOrderId,
    client_orderid: order.clientOrderId,
    orderid: order.orderid,
    type: gatewayTransactionType(order.lastType),
    amount: decimalOf(order.lastAmountMinor, order.currency),
    currency: order.currency,
    descriptor: "CARD-PROCESSING SANDBOX",
  };
  if (order.errorCode !== undefined) params["error_code"] = String(order.errorCode);
  if (order.errorMessage !== undefined) params["error_message"] = order.errorMessage;
  params["control"] = await callbackControl(
    { status: order.status, orderid: order.orderid, client_orderid: order.clientOrderId },
    controlKey,
  );
  const card = order.card;
  if (card !== undefined) {
    params["name"] = card.printedName;
    params["last-four-digits"] = card.lastFour;
    params["bin"] = card.bin;
    params["card-type"] = card.brand;
  }
  if (order.email !== undefined) params["email"] = order.email;
  if (order.status === "approved") params["approval-code"] = order.orderid.slice(-6);
  return params;
}
