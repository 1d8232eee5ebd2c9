import type { OperationId } from "@card-processing/types";
import { specReplySample } from "../spec/spec-reply-sample.js";
import type { OperationContext } from "./operation-context.js";
import { ok, type Reply, type ReplyBodyOf } from "./replies.js";

/**
 * The reply to an operation without a handler of its own, once its request has passed the schema
 * and signature checks: the spec's 200 example (or a value built from its reply schema), with
 * fresh ids, the request's own order id and endpoint. It keeps no state.
 */
export function genericReply(context: OperationContext): Reply<ReplyBodyOf<OperationId>> {
  const body = specReplySample(context.entry.path);
  const book = context.engine.book;
  if ("paynet-order-id" in body) body["paynet-order-id"] = book.nextOrderId();
  if ("card-ref-id" in body) body["card-ref-id"] = book.nextCardRefId();
  if ("recurring-payment-id" in body) body["recurring-payment-id"] = book.nextRecurringId();
  if ("end-point-id" in body) body["end-point-id"] = Number(context.endpointId);
  const clientOrderId = context.entry.clientOrderIdFields
    .map((name) => context.fields[name])
    .find((id) => id !== undefined);
  if ("merchant-order-id" in body && clientOrderId !== undefined) body["merchant-order-id"] = clientOrderId;
  context.engine.options.log(`${context.entry.operationId} answered from its spec reply (no handler)`);
  // The sample comes from the spec's own example or schema for this operation; the generic-reply
  // test validates every operation's sample against its reply schema.
  return ok(body) as unknown as Reply<ReplyBodyOf<OperationId>>;
}
