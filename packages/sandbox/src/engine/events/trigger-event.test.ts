import { afterEach, describe, expect, it } from "vitest";
import { resolveOptions } from "../../options/resolve-options.js";
import { GatewayEngine } from "../gateway-engine.js";
import { orderFixture } from "../orders/order-fixture.testlib.js";
import { EventRefusedError } from "./order-event.js";
import { triggerEvent } from "./trigger-event.js";

const engines: GatewayEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

function engineWithSale(changes: Parameters<typeof orderFixture>[0] = {}) {
  const engine = new GatewayEngine(resolveOptions({ publicKey: "not used here", clock: "manual" }));
  engines.push(engine);
  const order = orderFixture(changes);
  engine.book.add(order);
  return { engine, order };
}

function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EventRefusedError) return error.message;
    throw error;
  }
  throw new Error("expected an EventRefusedError");
}

describe("triggerEvent", () => {
  it("charges back part of a sale: the order keeps its status, the event and callback type say chargeback", () => {
    const { engine, order } = engineWithSale();
    const event = triggerEvent(engine, order.orderid, { type: "chargeback", amount: "4.00" });
    expect(event).toMatchObject({
      id: 1,
      type: "chargeback",
      amount: "4.00",
      currency: "USD",
      callback_type: "chargeback",
      previous_status: "approved",
      order_status: "approved",
    });
    expect(order.chargedBackMinor).toBe(400n);
    expect([order.lastType, order.lastAmountMinor]).toEqual(["chargeback", 400n]);
    expect(engine.journal.events).toEqual([event]);
  });

  it("moves the status by reconciliation with the error fields of the new status", () => {
    const { engine, order } = engineWithSale();
    triggerEvent(engine, order.orderid, { type: "status-change", status: "declined" });
    expect([order.status, order.errorCode, order.errorMessage]).toEqual([
      "declined",
      300,
      "Status changed to declined by reconciliation (sandbox event)",
    ]);
  });

  it("refuses what cannot be read, naming the field, and changes nothing when it refuses", () => {
    const { engine, order } = engineWithSale();
    const before = structuredClone({ ...order, requestsBySerial: undefined, latestRequest: undefined });
    expect(refusalOf(() => triggerEvent(engine, order.orderid, { type: "refund" }))).toBe(
      "field 'type': expected one of chargeback, reversal, fraud, retrieval, status-change, got \"refund\"",
    );
    expect(refusalOf(() => triggerEvent(engine, order.orderid, { type: "chargeback", amount: "1,00" }))).toBe(
      "field 'amount': expected a decimal amount such as 5.00, got \"1,00\"",
    );
    expect(refusalOf(() => triggerEvent(engine, order.orderid, { type: "chargeback", amount: "1.005" }))).toBe(
      "field 'amount': 1.005 has more decimals than USD allows",
    );
    expect(refusalOf(() => triggerEvent(engine, order.orderid, { type: "chargeback", status: "declined" }))).toBe(
      "field 'status' applies to status-change only, not to chargeback",
    );
    expect(
      refusalOf(() =>
        triggerEvent(engine, order.orderid, { type: "status-change", status: "declined", amount: "1.00" }),
      ),
    ).toBe("field 'amount' does not apply to status-change");
    expect(refusalOf(() => triggerEvent(engine, order.orderid, { type: "chargeback", amount: "10.01" }))).toMatch(
      /^chargeback refused: 10\.01 USD is more than/,
    );
    expect(refusalOf(() => triggerEvent(engine, "999", { type: "chargeback" }))).toBe("no order 999");
    expect({ ...order, requestsBySerial: undefined, latestRequest: undefined }).toEqual(before);
    expect(engine.journal.events).toEqual([]);
  });
});
