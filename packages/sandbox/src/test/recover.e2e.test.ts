import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type GatewayResult } from "@card-processing/client";
import { beforeEach, describe, expect, it } from "vitest";
import type { FaultKind } from "../index.js";
import { faultKinds } from "../server/api/network-faults.js";
import {
  approvedOrder,
  dataOf,
  fixtureForFile,
  orderId,
  paymentBody,
  transactionsBeforeOf,
} from "./sandbox-fixture.testlib.js";

// A `delay` fault holds the reply past the client's timeout, so the client times out while the gateway processes.
const f = fixtureForFile({ latencyMs: 10 }, { timeoutMs: 1_000 });

/** An approved sale or preauth of 10.00 to follow up, with its ids. */
const approved = (kind: "sale" | "preauth") =>
  approvedOrder(f.gateway, kind, paymentBody(orderId(kind), "4111111111111111", "10.00"));

beforeEach(() => f.sandbox.faults.clear());

/** The requests of `operation` the gateway received and accepted for `orderid`, from the admin API. */
async function acceptedRequests(orderid: string, operation: string): Promise<number> {
  const detail = (await (await fetch(`${f.sandbox.url}/_admin/orders/${orderid}`)).json()) as {
    requests: { operation: string; http_status: number }[];
  };
  return detail.requests.filter((r) => r.operation === operation && r.http_status === 200).length;
}

const kinds = Object.keys(faultKinds) as FaultKind[];
/** The report's type of each follow-up's transactions. */
const reportType = { return: "reversal", capture: "capture", void: "cancel" } as const;

/**
 * Reads the order's transactions, sends with a fault on its reply, recovers, and sends again only
 * when the recovery says it did not take effect.
 */
async function sendRecoverResend(
  kind: FaultKind,
  operation: "return" | "capture" | "void",
  orderid: string,
  send: () => Promise<GatewayResult<{ status?: string | undefined }>>,
) {
  const transactionsBefore = await transactionsBeforeOf(f.gateway, orderid, reportType[operation]);
  f.sandbox.faults.next({ kind, operation, delayMs: 1_500 });
  const { error } = await send();
  expect(error?.outcome).toBe("unknown");
  const recovered = dataOf(await f.gateway.recover(error, { transactionsBefore }));
  expect(recovered.applied).toBe(faultKinds[kind].processes);
  if (recovered.applied === true) {
    expect(recovered.source).toBe("report");
    expect(recovered.serialNumber).toMatch(/\S/);
  } else {
    expect(dataOf(await send()).status).toBe("processing");
  }
}

describe("gateway.recover after a follow-up's reply is lost", () => {
  it.each(kinds)("a return under %s is applied exactly once", async (kind) => {
    const order = await approved("sale");
    const body = { ...order, amount: "3.00", currency: "USD", comment: "one mug back" };
    await sendRecoverResend(kind, "return", order.orderid, () => f.gateway.return(body));
    expect(await acceptedRequests(order.orderid, "return")).toBe(1);
    const report = dataOf(
      await f.gateway.transactionReport({
        createdFromDate: new Date(Date.now() - 60_000),
        createdToDate: new Date(Date.now() + 60_000),
        transactionTypes: ["reversal"],
      }),
    );
    const reversals = report.filter((t) => t["paynet-order-id"] === order.orderid);
    expect(reversals.map((t) => t.amount)).toEqual(["3.00"]);
  });

  it.each(kinds)("a capture under %s is applied exactly once", async (kind) => {
    const order = await approved("preauth");
    await sendRecoverResend(kind, "capture", order.orderid, () =>
      f.gateway.capture({ ...order, amount: "10.00", currency: "USD" }),
    );
    expect(await acceptedRequests(order.orderid, "capture")).toBe(1);
  });

  it.each(kinds)("a void under %s is applied exactly once", async (kind) => {
    const order = await approved("preauth");
    await sendRecoverResend(kind, "void", order.orderid, () =>
      f.gateway.void({ ...order, comment: "customer cancelled" }),
    );
    expect(await acceptedRequests(order.orderid, "void")).toBe(1);
  });

  it("tells two partial returns of one order apart by amount", async () => {
    const order = await approved("sale");
    dataOf(await f.gateway.return({ ...order, amount: "2.00", currency: "USD", comment: "first" }));
    f.sandbox.faults.next({ kind: "reset-before", operation: "return" });
    const { error } = await f.gateway.return({ ...order, amount: "3.00", currency: "USD", comment: "second" });
    expect(dataOf(await f.gateway.recover(error)).applied).toBe(false);
  });
});

describe("gateway.recover after a sale's reply is lost", () => {
  it.each(kinds)("a sale under %s is applied exactly once", async (kind) => {
    const clientOrderId = orderId(`S-${kind}`);
    const body = paymentBody(clientOrderId);
    f.sandbox.faults.next({ kind, operation: "sale", delayMs: 1_500 });
    const { error } = await f.gateway.sale(body);
    expect(error?.outcome).toBe("unknown");
    const recovered = dataOf(await f.gateway.recover(error));
    expect(recovered.applied).toBe(faultKinds[kind].processes);
    if (recovered.applied === true) expect(recovered.source).toBe("status");
    else dataOf(await f.gateway.sale(body));
    const sales = (await (await fetch(`${f.sandbox.url}/_admin/orders?limit=500&q=${clientOrderId}`)).json()) as {
      orders: { client_orderid: string }[];
    };
    expect(sales.orders.filter((o) => o.client_orderid === clientOrderId)).toHaveLength(1);
  });

  it("answers applied false at once for an error known not to have taken effect", async () => {
    // A port nothing listens on: the connection is refused, so the sale never left.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = createGateway({
      baseUrl: `http://127.0.0.1:${port}/paynet`,
      endpointId: 1111,
      login: f.sandbox.login,
      controlKey: f.sandbox.controlKey,
    });
    const { error } = await closed.sale(paymentBody(orderId("refused")));
    expect(error?.outcome).toBe("not-applied");
    expect(dataOf(await closed.recover(error))).toMatchObject({ applied: false, operationId: "sale" });
  });

  it("refuses what is not a gateway error, before anything is sent", async () => {
    await expect(f.gateway.recover(new Error("boom"))).rejects.toThrow(
      /recover: error: expected an error returned by a gateway method/,
    );
  });
});

describe("the transactions report", () => {
  it("lists a sale and its return with types, statuses and serial numbers, and refuses a period over 31 days", async () => {
    const order = await approved("sale");
    const returned = dataOf(await f.gateway.return({ ...order, amount: "1.50", currency: "USD", comment: "part" }));
    const rows = dataOf(
      await f.gateway.transactionReport({ createdFromDate: new Date(Date.now() - 60_000), createdToDate: new Date() }),
    ).filter((t) => t["paynet-order-id"] === order.orderid);
    expect(rows.map((t) => [t.type, t.amount, t["merchant-order-id"]])).toEqual([
      ["sale", "10.00", order.client_orderid],
      ["reversal", "1.50", order.client_orderid],
    ]);
    expect(rows[1]?.["serial-number"]).toBe(returned["serial-number"]);
    await expect(
      f.gateway.transactionReport({ createdFromDate: "2026-01-01 00:00:00", createdToDate: "2026-03-01 00:00:00" }),
    ).rejects.toThrow(/createdToDate: expected a moment after createdFromDate and at most 31 days after it/);
  });

  it("refuses a report signed with another key", async () => {
    const other = createGateway({
      baseUrl: f.sandbox.url,
      endpointId: 1111,
      login: f.sandbox.login,
      controlKey: "not-the-key",
    });
    const { error } = await other.transactionReport({
      createdFromDate: new Date(Date.now() - 1000),
      createdToDate: new Date(),
    });
    expect(error?.response?.status).toBe(401);
    expect(error?.message).not.toContain("not-the-key");
  });
});
