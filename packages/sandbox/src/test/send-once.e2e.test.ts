import { NetworkError, OutcomeUnknownError } from "@card-processing/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { FaultKind } from "../index.js";
import { faultKinds } from "../server/api/network-faults.js";
import { approvedOrder, dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// A `delay` fault holds the reply past the client's timeout, so the client times out while the gateway processes.
const f = fixtureForFile({ latencyMs: 10 }, { timeoutMs: 1_000 });

/** An approved sale or preauth of 10.00 to follow up, with its ids. */
const approved = (kind: "sale" | "preauth") =>
  approvedOrder(f.gateway, kind, paymentBody(orderId(kind), "4111111111111111", "10.00"));

beforeEach(() => f.sandbox.faults.clear());

const kinds = Object.keys(faultKinds) as FaultKind[];
type Moved = "sale" | "return" | "capture" | "void" | "payout";

/** What each fault kind took, printed at the end: the figures of the exactly-once loop. */
const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`sendOnce under each fault kind:\n${figures.join("\n")}`);
});

/** The requests of `operation` the sandbox received for an order and answered 200: the ones that moved money. */
function appliedRequests(operation: Moved, match: { client_orderid?: string; orderid?: string }) {
  return f.sandbox.requests({ ...match, operation }).filter((r) => r.http_status === 200);
}

/** How many requests of `operation` moved money for an order. */
function applied(operation: Moved, match: { client_orderid?: string; orderid?: string }): number {
  return appliedRequests(operation, match).length;
}

/** Sends one money movement with `kind` played on its reply, and checks it took effect exactly once. */
async function underFault(kind: FaultKind, operation: Moved): Promise<void> {
  let body: Record<string, string>;
  let match: { client_orderid?: string; orderid?: string };
  if (operation === "sale") {
    body = paymentBody(orderId(`once-${kind}`));
    match = { client_orderid: body["client_orderid"] as string };
  } else if (operation === "payout") {
    const id = orderId(`po-${kind}`);
    body = {
      client_orderid: id,
      amount: "25.00",
      currency: "USD",
      order_desc: "Seller payout",
      "destination-card-no": "5555555555554444",
    };
    match = { client_orderid: id };
  } else {
    const order = await approved(operation === "return" ? "sale" : "preauth");
    body =
      operation === "return"
        ? { ...order, amount: "3.00", currency: "USD", comment: "one mug back" }
        : operation === "capture"
          ? { ...order, amount: "10.00", currency: "USD" }
          : { ...order, comment: "customer cancelled" };
    match = { orderid: order.orderid };
  }
  f.sandbox.faults.next({ kind, operation, delayMs: 1_500 });
  const { data, error } = await f.gateway.sendOnce(operation, body as never);
  expect(error).toBeUndefined();
  const sent = data as NonNullable<typeof data>;
  // Exactly one request moved money, and the answer names its order.
  const moved = appliedRequests(operation, match);
  expect(moved).toHaveLength(1);
  expect(sent.orderid).toBe(moved[0]?.orderid);
  // The fault was played once, on this request.
  expect(f.sandbox.faults.list().played.map((p) => [p.kind, p.operation])).toEqual([[kind, operation]]);
  if (faultKinds[kind].processes) {
    // The gateway processed the one send: recovery finds it, nothing is sent again.
    expect([sent.how, sent.sends]).toEqual(["recovered", 1]);
  } else {
    // The fault stopped the first send: recovery found nothing and it was sent again. That second
    // reply is answered ("resent") unless it too came later than the client's own 1 s deadline,
    // as on a loaded machine: then a second recovery finds it applied ("recovered").
    expect(sent.sends).toBe(2);
    expect([
      ["resent", 1],
      ["recovered", 2],
    ]).toContainEqual([sent.how, sent.recoveries]);
  }
  figures.push(
    `  ${operation.padEnd(7)} ${kind.padEnd(12)} ${sent.how.padEnd(9)} sends ${sent.sends}, recoveries ${sent.recoveries}`,
  );
}

describe("gateway.sendOnce under every fault kind the sandbox plays: exactly one applied request", () => {
  for (const operation of ["sale", "return", "capture", "void", "payout"] as const) {
    it.each(kinds)(`a ${operation} under %s`, (kind) => underFault(kind, operation));
  }

  it("answers `sent` at once without a fault: one send, no recovery", async () => {
    const body = paymentBody(orderId("once-plain"));
    const sent = dataOf(await f.gateway.sendOnce("sale", body));
    expect([sent.how, sent.sends, sent.recoveries, sent.reply?.status]).toEqual(["sent", 1, 0, "processing"]);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
  });
});

describe("gateway.sendOnce within its budget", () => {
  it("ends in OutcomeUnknownError when the gateway cannot tell, sends nothing again, and recover takes the error later", async () => {
    const body = paymentBody(orderId("once-unknown"));
    f.sandbox.faults.next({ kind: "reset-after", operation: "sale" });
    // Every status query of the recoveries is lost too: the gateway cannot be asked.
    f.sandbox.faults.next({ kind: "http-503", operation: "status", count: 100 });
    const { data, error } = await f.gateway.sendOnce("sale", body, { recoveriesPerSend: 2 });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const unknown = error as OutcomeUnknownError;
    expect([unknown.code, unknown.outcome, unknown.sends, unknown.recoveries]).toEqual([
      "ERR_OUTCOME_UNKNOWN",
      "unknown",
      1,
      2,
    ]);
    expect(unknown.message).toMatch(/outcome unknown after 1 send and 2 recoveries .*gateway\.recover\(error\)/);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
    // The network heals; the error is all a later recovery needs.
    f.sandbox.faults.clear();
    const later = dataOf(await f.gateway.recover(unknown));
    expect([later.applied, later.operationId, later.clientOrderId]).toEqual([true, "sale", body.client_orderid]);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
  });

  it("waits and asks again while the gateway cannot tell, then answers from what it learns", async () => {
    const body = paymentBody(orderId("once-later"));
    f.sandbox.faults.next({ kind: "reset-after", operation: "sale" });
    // The first recovery's three status queries are lost: it answers applied "unknown".
    f.sandbox.faults.next({ kind: "http-503", operation: "status", count: 3 });
    const sent = dataOf(await f.gateway.sendOnce("sale", body));
    expect([sent.how, sent.sends, sent.recoveries]).toEqual(["recovered", 1, 2]);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
  });

  it("stops after `sends` sends that each never took effect, saying sending later is safe", async () => {
    const body = paymentBody(orderId("once-never"));
    f.sandbox.faults.next({ kind: "reset-before", operation: "sale", count: 2 });
    const { error } = await f.gateway.sendOnce("sale", body, { sends: 2 });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error?.outcome).toBe("not-applied");
    expect(error?.message).toMatch(/not sent after 2 tries, 2 recoveries found that none took effect/);
    expect(f.sandbox.requests({ client_orderid: body.client_orderid, operation: "sale" })).toHaveLength(0);
  });

  it("honours its signal: stopped while a reply is held, the outcome is unknown and recover finds the sale", async () => {
    const body = paymentBody(orderId("once-abort"));
    f.sandbox.faults.next({ kind: "delay", operation: "sale", delayMs: 1_500 });
    const { error } = await f.gateway.sendOnce("sale", body, { signal: AbortSignal.timeout(200) });
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error?.message).toMatch(/stopped by the signal/);
    expect(dataOf(await f.gateway.recover(error)).applied).toBe(true);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
  });

  it("honours its signal while it recovers: the outcome stays unknown, and nothing is sent again", async () => {
    const body = paymentBody(orderId("once-abort-recovering"));
    f.sandbox.faults.next({ kind: "reset-after", operation: "sale" });
    f.sandbox.faults.next({ kind: "http-503", operation: "status", count: 10_000 });
    const { error } = await f.gateway.sendOnce("sale", body, {
      recoveriesPerSend: 10_000,
      signal: AbortSignal.timeout(300),
    });
    f.sandbox.faults.clear();
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error?.message).toMatch(/outcome unknown after 1 send and \d+ recover.* \(stopped by the signal\)/);
    expect((error as OutcomeUnknownError).sends).toBe(1);
    expect(applied("sale", { client_orderid: body.client_orderid })).toBe(1);
  });

  it("passes a refusal on as it is: not applied, sent once, never recovered", async () => {
    const order = await approved("sale");
    // More than the order holds: the gateway refuses the return.
    const body = { ...order, amount: "99.00", currency: "USD", comment: "too much" };
    const { error } = await f.gateway.sendOnce("return", body);
    expect(error?.outcome).toBe("not-applied");
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    const received = f.sandbox.requests({ orderid: order.orderid, operation: "return" });
    expect(received.map((r) => r.http_status === 200)).toEqual([false]);
  });
});
