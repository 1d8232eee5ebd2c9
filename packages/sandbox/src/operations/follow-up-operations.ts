import type { components } from "@card-processing/types";
import { captureRule, returnRule, voidRule } from "../engine/orders/transition-rules.js";
import type { OperationHandler, OperationHandlerTable, ReplyHandler } from "./operation-context.js";
import { errorCodes, Refused } from "./replies.js";
import { clientOrderIdOf, field, minorOfField } from "./request-fields.js";
import { asyncReply, referencedOrder } from "./request-orders.js";
import { statusReply } from "./status-reply.js";

function optionalMoney(fields: Readonly<Record<string, string>>): {
  minor: bigint | undefined;
  currency: string | undefined;
} {
  const amount = field(fields, "amount");
  const currency = field(fields, "currency");
  if (amount === undefined || amount === "" || currency === undefined) return { minor: undefined, currency: undefined };
  return { minor: minorOfField(amount, currency), currency };
}

const capture: OperationHandler<"capture"> = (context) => {
  const order = referencedOrder(context);
  const money = optionalMoney(context.fields);
  const amount = captureRule(order, money.minor, money.currency);
  if (typeof amount === "string") throw new Refused(amount, errorCodes.stateRule);
  context.engine.process(order, "capture", amount, "capture");
  return asyncReply(order);
};

const voidOrder: OperationHandler<"void"> = (context) => {
  const order = referencedOrder(context);
  const refusal = voidRule(order, field(context.fields, "amount") !== undefined);
  if (refusal !== undefined) throw new Refused(refusal, errorCodes.stateRule);
  context.engine.process(order, "void", order.capturedMinor > 0n ? order.capturedMinor : order.amountMinor, "void");
  return asyncReply(order);
};

const returnOrder: OperationHandler<"return"> = (context) => {
  const order = referencedOrder(context);
  const money = optionalMoney(context.fields);
  const effect = returnRule(order, money.minor, money.currency);
  if (typeof effect === "string") throw new Refused(effect, errorCodes.stateRule);
  if (effect.kind === "release") {
    context.engine.process(order, "cancel", order.amountMinor, "release");
  } else {
    context.engine.process(order, "reversal", effect.amountMinor, "reversal");
  }
  return asyncReply(order);
};

const status: ReplyHandler<components["schemas"]["StatusResponse"]> = (context) => {
  const orderid = context.fields["orderid"];
  const byRequestSn = context.fields["by-request-sn"];
  if (orderid !== undefined && orderid !== "")
    return statusReply(context.engine, referencedOrder(context), byRequestSn);
  const clientOrderId = clientOrderIdOf(context);
  const orders = context.engine.book.ordersOfClientOrderId(context.endpointId, clientOrderId);
  const order = orders[0];
  if (order === undefined) {
    throw new Refused(
      `no order with client_orderid '${clientOrderId}' on endpoint ${context.endpointId}`,
      errorCodes.unknownReference,
    );
  }
  if (orders.length > 1) {
    // Not "no such order" (which would tell a shop to send the payment again): the id names several.
    throw new Refused(
      `client_orderid '${clientOrderId}' is not unique on endpoint ${context.endpointId}: ` +
        `orders ${orders.map((o) => o.orderid).join(", ")} carry it; send orderid to name one`,
      errorCodes.stateRule,
    );
  }
  return statusReply(context.engine, order, byRequestSn);
};

/** Handlers of the operations on an existing order: capture, void, return and status (v2 and v4). */
export const followUpOperations = {
  capture,
  void: voidOrder,
  return: returnOrder,
  status,
  // The v4 status query: the same fields and reply, signed with OAuth RSA-SHA256 (api_v4_status.html).
  statusV4: status,
} satisfies OperationHandlerTable;
