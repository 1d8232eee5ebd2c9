import type { components } from "@card-processing/types";
import { resultOfTransStatus, transStatusOf } from "../engine/decisions/three-ds-result.js";
import { completeAuthentication } from "../engine/decisions/three-ds-step.js";
import type { Order } from "../engine/orders/order.js";
import type { OperationContext, OperationHandler, OperationHandlerTable, ReplyHandler } from "./operation-context.js";
import { errorCodes, Refused } from "./replies.js";
import { asyncReply, referencedOrder } from "./request-orders.js";

function authenticatingOrder(context: OperationContext, version: "2.x-challenge" | "1.0.2"): Order {
  const order = referencedOrder(context);
  const tds = order.threeDSecure;
  const upload = context.entry.operationId;
  if (order.phase !== "authenticating" || tds === undefined) {
    throw new Refused(
      `${upload} refused: order ${order.orderid} is not waiting for 3-D Secure authentication`,
      errorCodes.stateRule,
    );
  }
  if (tds.version !== version) {
    const flow = tds.version === "1.0.2" ? "3-D Secure 1.0.2" : "3-D Secure 2";
    throw new Refused(`${upload} refused: order ${order.orderid} is in a ${flow} flow`, errorCodes.stateRule);
  }
  return order;
}

const uploadMethodUrlResult: OperationHandler<"uploadMethodUrlResult"> = (context) => {
  const order = authenticatingOrder(context, "2.x-challenge");
  const tds = order.threeDSecure;
  const indicator = context.fields["threeDSCompInd"] as "Y" | "N" | "U";
  if (tds !== undefined) {
    tds.methodCompletion = indicator;
    if (tds.stage === "method") tds.stage = "challenge";
  }
  context.engine.options.log(
    `order ${order.orderid} 3-D Secure method step reported (threeDSCompInd=${indicator}); challenge next`,
  );
  return asyncReply(order);
};

function authenticationUpload(
  version: "2.x-challenge" | "1.0.2",
  fieldName: "cRes" | "paRes",
): ReplyHandler<components["schemas"]["AsyncResponse"]> {
  return (context) => {
    const order = authenticatingOrder(context, version);
    const transStatus = transStatusOf(context.fields[fieldName] ?? "");
    if (transStatus === undefined) {
      throw new Refused(
        `field '${fieldName}' is not a sandbox ${fieldName === "cRes" ? "CRes" : "PaRes"}: expected base64 of JSON with transStatus`,
      );
    }
    completeAuthentication(context.engine, order, resultOfTransStatus(transStatus), `${fieldName} upload`);
    return asyncReply(order);
  };
}

/** Handlers of the three 3-D Secure result uploads. */
export const threeDSecureOperations = {
  uploadMethodUrlResult,
  uploadCresResult: authenticationUpload("2.x-challenge", "cRes"),
  uploadParesResult: authenticationUpload("1.0.2", "paRes"),
} satisfies OperationHandlerTable;
