import { describe, expect, it } from "vitest";
import { LATENCY_MS, manualFixtureForFile } from "./manual-clock.testlib.js";
import { dataOf, orderId, paymentBody, startFixture } from "./sandbox-fixture.testlib.js";

// A manual clock: the refund stays processing until the test moves time on, however busy the machine.
const f = manualFixtureForFile();

describe("status replies", () => {
  it("answer for one request of the order by its serial-number (by-request-sn), not only the latest", async () => {
    const id = orderId("sn");
    const sale = dataOf(await f.gateway.sale(paymentBody(id, "4111111111111111", "10.42")));
    const orderid = sale["paynet-order-id"];
    await f.sandbox.clock.advance(LATENCY_MS);
    const refund = dataOf(
      await f.gateway.return({
        client_orderid: id,
        orderid,
        amount: "3.00",
        currency: "USD",
        comment: "one item back",
      }),
    );
    const ofSale = dataOf(
      await f.gateway.status({ client_orderid: id, orderid, "by-request-sn": sale["serial-number"] }),
    );
    const ofRefund = dataOf(
      await f.gateway.status({ client_orderid: id, orderid, "by-request-sn": refund["serial-number"] }),
    );
    expect(ofSale).toMatchObject({ status: "approved", amount: "10.42", "by-request-sn": sale["serial-number"] });
    expect(ofRefund).toMatchObject({ status: "processing", amount: "3.00", "by-request-sn": refund["serial-number"] });
    await f.sandbox.clock.advance(LATENCY_MS);
    const refunded = dataOf(
      await f.gateway.status({ client_orderid: id, orderid, "by-request-sn": refund["serial-number"] }),
    );
    expect(refunded).toMatchObject({ status: "approved", amount: "3.00" });
  });

  it("carry a decline's reason for the declined request, with the card fields", async () => {
    const id = orderId("sn");
    const sale = dataOf(await f.gateway.sale({ ...paymentBody(id), cvv2: "116" }));
    await f.sandbox.clock.advance(LATENCY_MS);
    const status = dataOf(
      await f.gateway.status({
        client_orderid: id,
        orderid: sale["paynet-order-id"],
        "by-request-sn": sale["serial-number"],
      }),
    );
    expect(status).toMatchObject({
      status: "declined",
      "error-message": "Insufficient funds",
      "error-code": 51,
      "last-four-digits": "1111",
      bin: "411111",
      "card-type": "VISA",
      "card-exp-month": "12",
      "card-exp-year": "2030",
      "cardholder-name": "JOHN SMITH",
    });
  });

  it("refuse a by-request-sn that names no request of the order", async () => {
    const id = orderId("sn");
    const sale = dataOf(await f.gateway.sale(paymentBody(id)));
    const result = await f.gateway.status({
      client_orderid: id,
      orderid: sale["paynet-order-id"],
      "by-request-sn": "not-a-serial",
    });
    expect(result.error?.message).toContain("by-request-sn 'not-a-serial' names no request of order");
  });
});

describe("what was captured and returned", () => {
  it("shows in the status reply as the sandbox's own fields, after captures and a partial return", async () => {
    const id = orderId("cr");
    const preauth = dataOf(await f.gateway.preauth(paymentBody(id, "4111111111111111", "20.00")));
    const orderid = preauth["paynet-order-id"];
    await f.sandbox.clock.advance(LATENCY_MS);
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid }))).not.toHaveProperty(
      "sandbox-captured-amount",
    );
    dataOf(await f.gateway.capture({ client_orderid: id, orderid, amount: "12.00", currency: "USD" }));
    await f.sandbox.clock.advance(LATENCY_MS);
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid }))).toMatchObject({
      status: "approved",
      amount: "20.00",
      "sandbox-captured-amount": "12.00",
      "sandbox-returned-amount": "0.00",
    });
    dataOf(
      await f.gateway.return({
        client_orderid: id,
        orderid,
        amount: "4.50",
        currency: "USD",
        comment: "one item back",
      }),
    );
    await f.sandbox.clock.advance(LATENCY_MS);
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid }))).toMatchObject({
      status: "approved",
      "sandbox-captured-amount": "12.00",
      "sandbox-returned-amount": "4.50",
    });
  });

  it("lets waitForFinalStatus follow one return by its serial-number", async () => {
    const real = await startFixture();
    try {
      const id = orderId("wr");
      const sale = dataOf(await real.gateway.sale(paymentBody(id, "4111111111111111", "10.00")));
      const orderid = sale["paynet-order-id"];
      dataOf(await real.gateway.waitForFinalStatus({ client_orderid: id, orderid }));
      const refund = dataOf(
        await real.gateway.return({
          client_orderid: id,
          orderid,
          amount: "2.50",
          currency: "USD",
          comment: "one item back",
        }),
      );
      const final = dataOf(
        await real.gateway.waitForFinalStatus({
          client_orderid: id,
          orderid,
          "serial-number": refund["serial-number"],
        }),
      );
      expect(final).toMatchObject({
        status: "approved",
        amount: "2.50",
        "by-request-sn": refund["serial-number"],
        "sandbox-returned-amount": "2.50",
      });
    } finally {
      await real.sandbox.close();
    }
  });
});
