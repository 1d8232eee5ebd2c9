import { ReplyError } from "@card-processing/client";
import { afterAll, describe, expect, it, vi } from "vitest";
import { appliedRequests, behindBalancerForFile } from "./load-balancer.testlib.js";
import { dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// Something in front of the gateway forwards a request, then passes on the gateway's reply padded
// to 64 MiB. The client reads at most its limit and cancels the rest: the reply could not be read
// (a client that read it whole would take it as the answer, after holding 64 MiB), the request
// took effect, so the outcome is unknown and recovery must ask the gateway. sendOnce never sends
// it again.

const f = behindBalancerForFile(5_000);

type Moved = "sale" | "capture" | "return" | "payout";

const applied = (operation: string, match: { client_orderid?: string; orderid?: string }) =>
  appliedRequests(f.sandbox, operation, match);

/** A request of `operation` with the ids its requests are matched by. */
async function aRequest(operation: Moved) {
  const id = orderId(`big-${operation}`);
  if (operation === "sale") return { body: paymentBody(id), match: { client_orderid: id } };
  if (operation === "payout") {
    const body = {
      client_orderid: id,
      amount: "25.00",
      currency: "USD",
      order_desc: "Seller payout",
      "destination-card-no": "5555555555554444",
    };
    return { body, match: { client_orderid: id } };
  }
  const kind = operation === "capture" ? "preauth" : "sale";
  const sent = dataOf(await f.gateway[kind](paymentBody(id, "4111111111111111", "10.00")));
  const orderid = String(sent["paynet-order-id"]);
  expect(dataOf(await f.gateway.waitForFinalStatus({ client_orderid: id, orderid })).status).toBe("approved");
  const body =
    operation === "capture"
      ? { client_orderid: id, orderid, amount: "10.00", currency: "USD" }
      : { client_orderid: id, orderid, amount: "3.00", currency: "USD", comment: "one mug back" };
  return { body, match: { orderid } };
}

const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`behind a 64 MiB reply:\n${figures.join("\n")}`);
});

describe("a 64 MiB reply in place of the gateway's, after the gateway took the request", () => {
  it("a sale: ERR_REPLY_TOO_LARGE, outcome unknown, read no further than about the limit; recover finds it applied", async () => {
    const body = paymentBody(orderId("big-sale"));
    const match = { client_orderid: body.client_orderid };
    f.balancer.next({ path: "/api/v2/sale/", status: 200, body: "huge", forward: true });
    const streams = f.balancer.streamed.length;
    const { error } = await f.gateway.sale(body);
    expect(error).toBeInstanceOf(ReplyError);
    expect(error).toMatchObject({ code: "ERR_REPLY_TOO_LARGE", outcome: "unknown", operationId: "sale" });
    expect(error?.message).toMatch(/^sale: the reply \(HTTP 200, application\/vnd\.pay\+json\) is over the \d+ bytes/);
    expect(error?.message).not.toContain("AAAA");
    // The balancer's stream ends once the client has gone away, a moment after the client answered.
    await vi.waitFor(() => expect(f.balancer.streamed.length).toBe(streams + 1), { timeout: 10_000 });
    const written = f.balancer.streamed.at(-1) ?? Number.POSITIVE_INFINITY;
    expect(written).toBeLessThan(16 * 1024 * 1024);
    expect(applied("sale", match)).toBe(1);
    expect(dataOf(await f.gateway.recover(error)).applied).toBe(true);
    expect(applied("sale", match)).toBe(1);
    figures.push(`  sale: the balancer wrote ${written} bytes before the client went away; recovered, applied 1`);
  });

  for (const operation of ["sale", "capture", "return", "payout"] as const) {
    it(`sendOnce of a ${operation}: recovered by asking the gateway, sent once, applied once`, async () => {
      const request = await aRequest(operation);
      f.balancer.next({ path: `/api/v2/${operation}/`, status: 200, body: "huge", forward: true });
      const sent = dataOf(await f.gateway.sendOnce(operation, request.body as never));
      expect([sent.how, sent.sends]).toEqual(["recovered", 1]);
      expect(applied(operation, request.match)).toBe(1);
      figures.push(`  sendOnce ${operation}: ${sent.how}, ${sent.sends} send, applied 1`);
    });
  }
});
