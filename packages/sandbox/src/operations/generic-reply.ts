import type { OperationId } from "@card-processing/types";
import type { OperationContext } from "./operation-context.js";
import { ok, okList, type Reply, type ReplyBodyOf } from "./replies.js";
import { type SampleObject, specReplySample } from "./spec-reply-sample.js";

/**
 * The reply to an operation without a handler of its own, once its request has passed the schema
 * and signature checks: the spec's 200 example (or a value built from its reply schema), with
 * fresh ids, the request's own order id and endpoint, in each item for a list reply. It keeps no
 * state.
 */
export function genericReply(context: OperationContext): Reply<ReplyBodyOf<OperationId>> {
  const sample = specReplySample(context.entry.path);
  const book = context.engine.book;
  const clientOrderId = context.entry.clientOrderIdFields
    .map((name) => context.fields[name])
    .find((id) => id !== undefined);
  const fill = (body: SampleObject) => {
    if ("paynet-order-id" in body) body["paynet-order-id"] = book.nextOrderId();
    if ("card-ref-id" in body) body["card-ref-id"] = book.nextCardRefId();
    if ("recurring-payment-id" in body) body["recurring-payment-id"] = book.nextRecurringId();
    if ("end-point-id" in body) body["end-point-id"] = Number(context.endpointId);
    if ("merchant-order-id" in body && clientOrderId !== undefined) body["merchant-order-id"] = clientOrderId;
    return body;
  };
  context.engine.options.log(`${context.entry.operationId} answered from its spec reply (no handler)`);
  // The sample comes from the spec's own example or schema for this operation; the generic-reply
  // test validates every operation's sample against its reply schema.
  const reply = Array.isArray(sample) ? okList(sample.map(fill)) : ok(fill(sample));
  return reply as unknown as Reply<ReplyBodyOf<OperationId>>;
}
