import { createGateway, type Gateway } from "@card-processing/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FaultKind, type Sandbox, startSandbox } from "../index.js";
import { faultKinds } from "../server/api/network-faults.js";
import { approvedOrder, dataOf, orderId, paymentBody, transactionsBeforeOf } from "./sandbox-fixture.testlib.js";

// Two follow-ups of the same amount on one order: a 4.00 return then another 4.00 return, or two
// 5.00 captures of one 10.00 hold. The second one's reply is lost. A recovery that took the
// first one for the second's effect would leave the second refund (or capture) unmade.

let sandbox: Sandbox;
let gateway: Gateway;

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, logger: () => {} });
  gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    timeoutMs: 1_000,
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
  });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.faults.clear());

/** An approved sale or preauth of 10.00 to follow up, with its ids. */
const approved = (kind: "sale" | "preauth") =>
  approvedOrder(gateway, kind, paymentBody(orderId(`twice-${kind}`), "4111111111111111", "10.00"));

const kinds = ["reset-before", "http-502", "reset-after"] as const satisfies readonly FaultKind[];

/** Waits until the follow-up with `serial` is final: the gateway takes the next one on the order only then. */
async function settled(order: { client_orderid: string; orderid: string }, serial: string | undefined) {
  const final = dataOf(await gateway.waitForFinalStatus({ ...order, "serial-number": serial }));
  expect(final.status).toBe("approved");
}

/** The requests of `operation` on `orderid` that reached the gateway, and those it applied (HTTP 200). */
function received(operation: "return" | "capture", orderid: string) {
  const all = sandbox.requests({ orderid, operation });
  return { reached: all.length, applied: all.filter((r) => r.http_status === 200).length };
}

/** The order's transactions of `type` in the gateway's report, with their amounts and serial numbers. */
async function transactions(orderid: string, type: "reversal" | "capture") {
  const rows = dataOf(
    await gateway.transactionReport({
      createdFromDate: new Date(Date.now() - 600_000),
      createdToDate: new Date(Date.now() + 60_000),
      transactionTypes: [type],
    }),
  );
  return rows.filter((t) => t["paynet-order-id"] === orderid);
}

const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`the second follow-up of the same amount:\n${figures.join("\n")}`);
});

describe("sendOnce sends a second follow-up of the same amount, its reply lost, exactly once", () => {
  const cases = [
    { operation: "return", from: "sale", type: "reversal", amount: "4.00" },
    { operation: "capture", from: "preauth", type: "capture", amount: "5.00" },
  ] as const;
  for (const { operation, from, type, amount } of cases) {
    it.each(kinds)(`two ${amount} ${operation}s of one order, the second under %s`, async (kind) => {
      const order = await approved(from);
      const body = { ...order, amount, currency: "USD", ...(operation === "return" ? { comment: "one item" } : {}) };
      const first = dataOf(await gateway.sendOnce(operation, body as never));
      expect(first.how).toBe("sent");
      await settled(order, first.serialNumber);
      sandbox.faults.next({ kind, operation });
      const second = dataOf(await gateway.sendOnce(operation, body as never));
      expect(second.how).toBe(faultKinds[kind].processes ? "recovered" : "resent");
      // Not the first one's: the second is a transaction of its own.
      expect(second.serialNumber).toMatch(/\S/);
      expect(second.serialNumber).not.toBe(first.serialNumber);
      const rows = await transactions(order.orderid, type);
      expect(rows.map((t) => t.amount)).toEqual([amount, amount]);
      expect(rows.map((t) => t["serial-number"])).toEqual([first.serialNumber, second.serialNumber]);
      // Each reached the gateway exactly once as an applied request; nothing else reached it.
      expect(received(operation, order.orderid)).toEqual({ reached: 2, applied: 2 });
      figures.push(
        `  ${operation.padEnd(7)} ${kind.padEnd(12)} ${second.how.padEnd(9)} sends ${second.sends}, recoveries ${second.recoveries}, received ${received(operation, order.orderid).applied} applied`,
      );
    });
  }
});

describe("recover without the order's transactions before the send", () => {
  it.each(kinds)("answers cannot tell for a second 4.00 return under %s, never the first one's match", async (kind) => {
    const order = await approved("sale");
    const body = { ...order, amount: "4.00", currency: "USD", comment: "one item" };
    const first = dataOf(await gateway.return(body));
    await settled(order, first["serial-number"]);
    const before = await transactionsBeforeOf(gateway, order.orderid, "reversal");
    sandbox.faults.next({ kind, operation: "return" });
    const { error } = await gateway.return(body);
    expect(error?.outcome).toBe("unknown");
    const blind = dataOf(await gateway.recover(error));
    expect(blind.applied).toBe("unknown");
    expect(blind.applied === "unknown" && blind.reason).toMatch(/cannot tell/);
    // Told what was there before, it answers for this request alone.
    const told = dataOf(await gateway.recover(error, { transactionsBefore: before }));
    expect(told.applied).toBe(faultKinds[kind].processes);
    if (told.applied === true) expect(told.serialNumber).not.toBe(first["serial-number"]);
    expect(received("return", order.orderid).applied).toBe(faultKinds[kind].processes ? 2 : 1);
  });
});
