import type { OperationId } from "@card-processing/types";
import { describe, expectTypeOf, it } from "vitest";
import type { OperationHandlerTable } from "./operation-context.js";
import type { GenericOperationId, HandledOperationId } from "./operation-handlers.js";
import { asyncReply } from "./request-orders.js";

describe("the handler table", () => {
  it("is keyed by the generated operation ids; the rest take the generic reply", () => {
    expectTypeOf<HandledOperationId | GenericOperationId>().toEqualTypeOf<OperationId>();
    // No assertion that GenericOperationId is empty: an operation added to the spec must compile
    // and be served by the generic reply without any edit here.
  });

  it("refuses a handler under a name the spec does not have", () => {
    // @ts-expect-error refundEverything is not an operation of the spec
    const table: OperationHandlerTable = { refundEverything: (context) => asyncReply(context.engine.book.all()[0]!) };
    void table;
  });

  it("refuses a handler whose reply is not the operation's reply type", () => {
    // @ts-expect-error status answers a status-response, not an async-response
    const table: OperationHandlerTable = { status: (context) => asyncReply(context.engine.book.all()[0]!) };
    void table;
  });
});
