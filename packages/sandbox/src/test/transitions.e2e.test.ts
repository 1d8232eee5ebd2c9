import { ValidationError } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { encodeAuthenticationResponse } from "../engine/decisions/three-ds-result.js";
import { dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

// Orders here stay processing for a minute, so that a test of "still processing" never races the
// 20 ms of the main sandbox on a busy machine.
const slow = fixtureForFile({ latencyMs: 60_000 });

type Order = { id: string; orderid: string };
type Result = { data?: unknown; error?: unknown };

async function final(order: Order): Promise<string> {
  return dataOf(await f.gateway.waitForFinalStatus({ client_orderid: order.id, orderid: order.orderid })).status;
}

async function start(
  kind: "sale" | "preauth",
  card = "4111111111111111",
  amount = "20.00",
  wait = true,
): Promise<Order> {
  const id = orderId(kind);
  const ack = dataOf(await f.gateway[kind](paymentBody(id, card, amount)));
  const order = { id, orderid: ack["paynet-order-id"] };
  if (wait) await final(order);
  return order;
}

/** An order of the slow sandbox, still processing. */
async function startProcessing(kind: "sale" | "preauth"): Promise<Order> {
  const id = orderId(kind);
  return { id, orderid: dataOf(await slow.gateway[kind](paymentBody(id)))["paynet-order-id"] };
}

const ref = (o: Order) => ({ client_orderid: o.id, orderid: o.orderid });
const usd = (amount: string) => ({ amount, currency: "USD" });

function refusal(result: Result): string {
  expect(result.error, "the sandbox refused the request").toBeInstanceOf(ValidationError);
  return (result.error as ValidationError).gatewayMessage ?? "";
}

async function accepted(result: Promise<Result>, order: Order): Promise<void> {
  const r = await result;
  expect(r.error).toBeUndefined();
  expect(await final(order)).toBe("approved");
}

describe("allowed transitions", () => {
  it("sale approved -> void (unsettled)", async () => {
    const o = await start("sale");
    await accepted(f.gateway.void({ ...ref(o), comment: "Customer cancelled" }), o);
  });
  it("sale approved -> partial return -> return of the rest", async () => {
    const o = await start("sale");
    await accepted(f.gateway.return({ ...ref(o), ...usd("5.00"), comment: "part" }), o);
    await accepted(f.gateway.return({ ...ref(o), comment: "rest" }), o);
  });
  it("sale settled by the admin call -> return", async () => {
    const o = await start("sale");
    expect(f.sandbox.settle(o.orderid)).toBeUndefined();
    await accepted(f.gateway.return({ ...ref(o), comment: "after settlement" }), o);
  });
  it("sale settles by itself after settleDelayMs", async () => {
    const { startSandbox } = await import("../index.js");
    const sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: 30 });
    try {
      const { createGateway } = await import("@card-processing/client");
      const gw = createGateway({
        baseUrl: sandbox.url,
        endpointId: 1111,
        login: sandbox.login,
        controlKey: sandbox.controlKey,
        polling: { firstDelayMs: [10, 10] },
      });
      const id = orderId("auto");
      const ack = dataOf(await gw.sale(paymentBody(id)));
      await gw.waitForFinalStatus({ client_orderid: id, orderid: ack["paynet-order-id"] });
      await new Promise((r) => setTimeout(r, 80));
      const voided = await gw.void({
        client_orderid: id,
        orderid: ack["paynet-order-id"],
        comment: "Customer cancelled",
      });
      expect((voided.error as ValidationError).gatewayMessage).toMatch(/is settled; use return instead/);
    } finally {
      await sandbox.close();
    }
  });
  it("preauth approved -> partial capture -> capture of the rest -> partial return", async () => {
    const o = await start("preauth");
    await accepted(f.gateway.capture({ ...ref(o), ...usd("12.00") }), o);
    await accepted(f.gateway.capture(ref(o)), o);
    await accepted(f.gateway.return({ ...ref(o), ...usd("19.99"), comment: "most of it" }), o);
  });
  it("preauth approved -> void releases the hold", async () => {
    const o = await start("preauth");
    await accepted(f.gateway.void({ ...ref(o), comment: "Customer cancelled" }), o);
  });
  it("preauth approved -> return cancels it", async () => {
    const o = await start("preauth");
    await accepted(f.gateway.return({ ...ref(o), comment: "cancel" }), o);
    expect(refusal(await f.gateway.capture(ref(o)))).toMatch(/was already cancelled/);
  });
  it("payout-check -> payout-pay", async () => {
    const id = orderId("chk");
    const check = dataOf(
      await f.gateway.payoutCheck({
        "client-order-id": id,
        ...usd("3.00"),
        order_desc: "x",
        account_number: "123",
        bank_name: "B",
      }),
    );
    const o = { id, orderid: check["paynet-order-id"] };
    await accepted(f.gateway.payoutPay({ ...ref(o), login: f.sandbox.login }), o);
  });
});

describe("refused transitions answer 400 naming the rule", () => {
  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      "capture of a sale",
      async () => refusal(await f.gateway.capture(ref(await start("sale")))),
      /is a sale, not a preauthorization/,
    ],
    [
      "capture above the authorized amount",
      async () => refusal(await f.gateway.capture({ ...ref(await start("preauth")), ...usd("20.01") })),
      /20\.01 USD is more than the 20\.00 USD still authorized/,
    ],
    [
      "captures adding up to more than authorized",
      async () => {
        const o = await start("preauth");
        await accepted(f.gateway.capture({ ...ref(o), ...usd("15.00") }), o);
        return refusal(await f.gateway.capture({ ...ref(o), ...usd("6.00") }));
      },
      /6\.00 USD is more than the 5\.00 USD still authorized/,
    ],
    [
      "capture of a declined preauth",
      async () => refusal(await f.gateway.capture(ref(await start("preauth", "4000000000000002")))),
      /is declined, not approved/,
    ],
    [
      "capture while the preauth is processing",
      async () => refusal(await slow.gateway.capture(ref(await startProcessing("preauth")))),
      /still processing/,
    ],
    [
      "capture in another currency",
      async () => refusal(await f.gateway.capture({ ...ref(await start("preauth")), amount: "1.00", currency: "EUR" })),
      /currency EUR differs from the order's USD/,
    ],
    [
      "capture of a voided preauth",
      async () => {
        const o = await start("preauth");
        await accepted(f.gateway.void({ ...ref(o), comment: "Customer cancelled" }), o);
        return refusal(await f.gateway.capture(ref(o)));
      },
      /was already voided/,
    ],
    [
      "void with an amount",
      async () =>
        refusal(
          await f.gateway.void({ ...ref(await start("sale")), comment: "Customer cancelled", amount: "1.00" } as never),
        ),
      /takes no amount/,
    ],
    [
      "void of a settled sale",
      async () => {
        const o = await start("sale");
        f.sandbox.settle(o.orderid);
        return refusal(await f.gateway.void({ ...ref(o), comment: "Customer cancelled" }));
      },
      /is settled; use return instead/,
    ],
    [
      "void twice",
      async () => {
        const o = await start("sale");
        await accepted(f.gateway.void({ ...ref(o), comment: "Customer cancelled" }), o);
        return refusal(await f.gateway.void({ ...ref(o), comment: "Customer cancelled" }));
      },
      /was already voided/,
    ],
    [
      "void after a return",
      async () => {
        const o = await start("sale");
        await accepted(f.gateway.return({ ...ref(o), ...usd("1.00"), comment: "x" }), o);
        return refusal(await f.gateway.void({ ...ref(o), comment: "Customer cancelled" }));
      },
      /already has returns/,
    ],
    [
      "return of a sale still processing",
      async () => refusal(await slow.gateway.return({ ...ref(await startProcessing("sale")), comment: "x" })),
      /still processing/,
    ],
    [
      "return of a declined sale",
      async () => refusal(await f.gateway.return({ ...ref(await start("sale", "4000000000000002")), comment: "x" })),
      /is declined, not approved/,
    ],
    [
      "return of an errored sale",
      async () => refusal(await f.gateway.return({ ...ref(await start("sale", "4000000000000119")), comment: "x" })),
      /is error, not approved/,
    ],
    [
      "return above the captured amount",
      async () => refusal(await f.gateway.return({ ...ref(await start("sale")), ...usd("20.01"), comment: "x" })),
      /20\.01 USD is more than the 20\.00 USD captured and not yet returned/,
    ],
    [
      "return after a full return",
      async () => {
        const o = await start("sale");
        await accepted(f.gateway.return({ ...ref(o), comment: "all" }), o);
        return refusal(await f.gateway.return({ ...ref(o), comment: "again" }));
      },
      /already returned in full/,
    ],
    [
      "partial return of an uncaptured preauth",
      async () => refusal(await f.gateway.return({ ...ref(await start("preauth")), ...usd("1.00"), comment: "x" })),
      /cancelled in full; omit amount/,
    ],
    [
      "return of a voided sale",
      async () => {
        const o = await start("sale");
        await accepted(f.gateway.void({ ...ref(o), comment: "Customer cancelled" }), o);
        return refusal(await f.gateway.return({ ...ref(o), comment: "x" }));
      },
      /was already voided/,
    ],
    [
      "capture naming another order's client_orderid",
      async () => {
        const o = await start("preauth");
        return refusal(await f.gateway.capture({ client_orderid: "someone-else", orderid: o.orderid }));
      },
      /does not belong to order/,
    ],
    [
      "payout-pay of a sale",
      async () => refusal(await f.gateway.payoutPay({ ...ref(await start("sale")), login: f.sandbox.login })),
      /was not registered by payout-check/,
    ],
    [
      "payout-pay twice",
      async () => {
        const id = orderId("chk");
        const check = dataOf(
          await f.gateway.payoutCheck({
            "client-order-id": id,
            ...usd("3.00"),
            order_desc: "x",
            account_number: "1",
            bank_name: "B",
          }),
        );
        const o = { id, orderid: check["paynet-order-id"] };
        await accepted(f.gateway.payoutPay({ ...ref(o), login: f.sandbox.login }), o);
        return refusal(await f.gateway.payoutPay({ ...ref(o), login: f.sandbox.login }));
      },
      /was already paid/,
    ],
    [
      "CRes upload for an order without 3-D Secure",
      async () => {
        const o = await start("sale");
        return refusal(
          await f.gateway.uploadCresResult({
            "client-order-id": o.id,
            orderid: o.orderid,
            cRes: encodeAuthenticationResponse("Y", o.orderid),
          }),
        );
      },
      /is not waiting for 3-D Secure authentication/,
    ],
    [
      "PaRes upload in a 3-D Secure 2 flow",
      async () => {
        const o = await start("sale", "4000000000003220", "20.00", false);
        return refusal(
          await f.gateway.uploadParesResult({
            "client-order-id": o.id,
            orderid: o.orderid,
            paRes: encodeAuthenticationResponse("Y", o.orderid),
          }),
        );
      },
      /is in a 3-D Secure 2 flow/,
    ],
    [
      "card reference of a declined sale",
      async () => refusal(await f.gateway.createCardRef(ref(await start("sale", "4000000000000002")))),
      /must be an approved card transaction/,
    ],
    [
      "settling a declined sale",
      async () => f.sandbox.settle((await start("sale", "4000000000000002")).orderid) ?? "",
      /is declined, not approved/,
    ],
  ];
  it.each(cases)("%s", async (_name, run, message) => {
    expect(await run()).toMatch(message);
  });
});

describe("duplicate client_orderid (the default, new-order; replay: duplicate-client-orderid.e2e.test.ts)", () => {
  it("processes an identical request again as a second order", async () => {
    const id = orderId("dup");
    const first = dataOf(await f.gateway.sale(paymentBody(id)));
    const again = dataOf(await f.gateway.sale(paymentBody(id)));
    expect(again["paynet-order-id"]).not.toBe(first["paynet-order-id"]);
    expect(f.sandbox.orders({ q: id }).orders).toHaveLength(2);
  });
  it("processes the same client_orderid with another amount as a second order too", async () => {
    const id = orderId("dup");
    const first = dataOf(await f.gateway.sale(paymentBody(id)));
    const other = dataOf(await f.gateway.sale(paymentBody(id, "4111111111111111", "99.00")));
    expect(other["paynet-order-id"]).not.toBe(first["paynet-order-id"]);
  });
});
