import { type Gateway, ServerError, ValidationError } from "@card-processing/client";
import { afterAll, describe, expect, it } from "vitest";
import { appliedRequests, behindBalancerForFile } from "./load-balancer.testlib.js";
import { dataOf, orderId, paymentBody, transactionsBeforeOf } from "./sandbox-fixture.testlib.js";

// A load balancer in front of the gateway forwards a request, then answers with its own 4xx page
// (or an empty 4xx) instead of the gateway's reply. That is no refusal of the gateway: the
// request took effect, so the outcome must stay unknown and `recover` must ask the gateway.

const f = behindBalancerForFile(2_000);

type Moved = "sale" | "capture" | "return" | "payout";

/** What each case took, printed at the end: the requests the gateway received. */
const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`behind a load balancer's 4xx:\n${figures.join("\n")}`);
});
const statuses = [408, 400, 403, 429] as const;
const bodies = ["html", "empty"] as const;

const applied = (operation: string, match: { client_orderid?: string; orderid?: string }) =>
  appliedRequests(f.sandbox, operation, match);

/** What the gateway was asked about the order: status queries it received, and report reads through the balancer. */
function questions(clientOrderId: string): { status: number; report: number } {
  return {
    status: f.sandbox.requests({ client_orderid: clientOrderId, operation: "status" }).length,
    report: f.balancer.paths.filter((p) => p.includes("/transaction-report")).length,
  };
}

/** A request of `operation` with its ids, and what a recovery needs to know before it is sent. */
async function aRequest(operation: Moved) {
  if (operation === "sale") {
    const body = paymentBody(orderId("lb-sale"));
    return {
      body,
      match: { client_orderid: body.client_orderid },
      clientOrderId: body.client_orderid,
      before: undefined,
    };
  }
  if (operation === "payout") {
    const id = orderId("lb-payout");
    const body = {
      client_orderid: id,
      amount: "25.00",
      currency: "USD",
      order_desc: "Seller payout",
      "destination-card-no": "5555555555554444",
    };
    return { body, match: { client_orderid: id }, clientOrderId: id, before: undefined };
  }
  const kind = operation === "capture" ? "preauth" : "sale";
  const id = orderId(`lb-${operation}`);
  const sent = dataOf(await f.gateway[kind](paymentBody(id, "4111111111111111", "10.00")));
  const orderid = String(sent["paynet-order-id"]);
  expect(dataOf(await f.gateway.waitForFinalStatus({ client_orderid: id, orderid })).status).toBe("approved");
  const body =
    operation === "capture"
      ? { client_orderid: id, orderid, amount: "10.00", currency: "USD" }
      : { client_orderid: id, orderid, amount: "3.00", currency: "USD", comment: "one mug back" };
  const before = await transactionsBeforeOf(f.gateway, orderid, operation === "capture" ? "capture" : "reversal");
  return { body, match: { orderid }, clientOrderId: id, before };
}

const send = (operation: Moved, body: object) =>
  (f.gateway[operation] as (b: object) => ReturnType<Gateway["sale"]>)(body);

describe("a 4xx page from a load balancer after the gateway took the request", () => {
  for (const operation of ["sale", "capture", "return", "payout"] as const) {
    for (const status of statuses) {
      it.each(bodies)(
        `${operation}, HTTP ${status} with a body %s: outcome unknown, and recover asks the gateway`,
        async (body) => {
          const request = await aRequest(operation);
          f.balancer.next({ path: `/api/v2/${operation}/`, status, body, forward: true });
          const { error } = await send(operation, request.body);
          expect(error).toBeInstanceOf(ServerError);
          expect(error).not.toBeInstanceOf(ValidationError);
          expect(error).toMatchObject({ code: "ERR_SERVER", outcome: "unknown", operationId: operation });
          expect(error?.message).toMatch(
            new RegExp(`HTTP ${status} from something between you and the gateway \\(not a gateway reply\\)`),
          );
          // The request reached the gateway and took effect, whatever the balancer said.
          expect(applied(operation, request.match)).toBe(1);
          const asked = questions(request.clientOrderId);
          const recovered = dataOf(await f.gateway.recover(error, { transactionsBefore: request.before }));
          expect(recovered.applied).toBe(true);
          const after = questions(request.clientOrderId);
          if (operation === "sale" || operation === "payout") expect(after.status).toBeGreaterThan(asked.status);
          else expect(after.report).toBeGreaterThan(asked.report);
          expect(applied(operation, request.match)).toBe(1);
          const questioned = `${after.status - asked.status} status queries, ${after.report - asked.report} report reads`;
          figures.push(`  ${operation.padEnd(7)} ${status} ${body.padEnd(5)} recover: ${questioned}; applied 1`);
        },
      );
    }
  }
});

describe("sendOnce behind a load balancer that answers 4xx pages", () => {
  for (const operation of ["sale", "capture", "return", "payout"] as const) {
    it.each(statuses)(
      `a ${operation} the gateway took, answered %i by the balancer, is recovered, never sent again`,
      async (status) => {
        const request = await aRequest(operation);
        f.balancer.next({ path: `/api/v2/${operation}/`, status, body: "html", forward: true });
        const sent = dataOf(await f.gateway.sendOnce(operation, request.body as never));
        expect([sent.how, sent.sends]).toEqual(["recovered", 1]);
        expect(applied(operation, request.match)).toBe(1);
        figures.push(`  sendOnce ${operation.padEnd(7)} ${status}: ${sent.how}, ${sent.sends} send, applied 1`);
      },
    );
  }

  it.each(statuses)(
    "a sale the balancer refused itself (%i, not forwarded) is found not applied, and sent once more",
    async (status) => {
      const request = await aRequest("sale");
      f.balancer.next({ path: "/api/v2/sale/", status, body: "empty", forward: false });
      const sent = dataOf(await f.gateway.sendOnce("sale", request.body as never));
      expect([sent.how, sent.sends]).toEqual(["resent", 2]);
      expect(applied("sale", request.match)).toBe(1);
    },
  );
});

describe("the gateway's own refusal through the same balancer", () => {
  it("is a ValidationError, not applied, and recover answers at once without asking", async () => {
    const request = await aRequest("return");
    // More than the order holds: the gateway refuses the return with its validation-error reply.
    const { error } = await f.gateway.return({
      ...(request.body as { orderid: string; client_orderid: string }),
      amount: "99.00",
      currency: "USD",
      comment: "too much",
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: "ERR_VALIDATION", outcome: "not-applied" });
    expect(error?.response?.status).toBe(400);
    const asked = questions(request.clientOrderId);
    expect(dataOf(await f.gateway.recover(error)).applied).toBe(false);
    expect(questions(request.clientOrderId)).toEqual(asked);
    expect(applied("return", request.match)).toBe(0);
  });
});
