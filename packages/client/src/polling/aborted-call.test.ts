import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestReply, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { TimeoutError } from "../errors/timeout-error.js";
import type { PollClock } from "./polling-schedule.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const statusReply = (status: string) => ({
  type: "status-response",
  status,
  "paynet-order-id": "777",
  "merchant-order-id": "902B4FF5",
  "serial-number": "s-1",
});
const processing = { body: statusReply("processing") };

async function gatewayWith(handler: (path: string) => TestReply) {
  server = await startTestServer((request) => handler(request.path));
  return createGateway({
    baseUrl: server.url,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    polling: { firstDelayMs: [20, 20] },
  });
}
const sales = () => server?.requests.filter((r) => r.path.includes("/sale/")) ?? [];

describe("a call its signal aborts", () => {
  it("returns a TimeoutError ERR_ABORTED, outcome unknown, that gateway.recover takes", async () => {
    const gateway = await gatewayWith((path) =>
      path.includes("/sale/") ? { body: asyncReply(), delayMs: 1_500 } : { body: statusReply("approved") },
    );
    const { data, error } = await gateway.sale(saleBody, { signal: AbortSignal.timeout(300) });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "ERR_ABORTED",
      outcome: "unknown",
      operationId: "sale",
      clientOrderId: "902B4FF5",
      timeoutMs: undefined,
    });
    expect(error?.cause).toMatchObject({ name: "TimeoutError" });
    expect(error?.message).toMatch(/sale: the caller's signal ended the call \(TimeoutError\) before a complete reply/);
    expect(error?.message).toMatch(/pass this error to gateway\.recover\(error\)/);
    const recovered = await gateway.recover(error);
    expect(recovered.data).toMatchObject({ applied: true, orderid: "777", status: "approved", source: "status" });
    expect(sales()).toHaveLength(1);
  });

  it("that had aborted before anything was sent is not-applied, and nothing reaches the server", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    const { error } = await gateway.sale(saleBody, { signal: AbortSignal.abort() });
    expect(error).toMatchObject({ code: "ERR_ABORTED", outcome: "not-applied" });
    expect(error?.message).toMatch(/before anything was sent; the request was not sent/);
    expect((await gateway.recover(error)).data).toMatchObject({ applied: false });
    expect(server?.requests).toHaveLength(0);
  });

  it("ends waitForFinalStatus, recoverOrder and transactionReport with an error, never a rejection", async () => {
    const gateway = await gatewayWith((path) =>
      path.includes("transaction-report") ? { body: "", delayMs: 1_500 } : processing,
    );
    const order = { client_orderid: "902B4FF5" };
    const waited = await gateway.waitForFinalStatus(order, { signal: AbortSignal.timeout(100) });
    expect(waited.error).toMatchObject({ name: "TimeoutError", code: "ERR_ABORTED", outcome: "unknown" });
    expect(waited.error?.message).toMatch(/the caller's signal ended the wait \(TimeoutError\)/);

    const recovering = await gateway.recoverOrder(order, { signal: AbortSignal.timeout(100) });
    expect(recovering.error).toMatchObject({ code: "ERR_ABORTED", outcome: "unknown" });

    const report = await gateway.transactionReport(
      { createdFromDate: new Date(Date.now() - 60_000), createdToDate: new Date() },
      { signal: AbortSignal.timeout(100) },
    );
    expect(report.error).toMatchObject({ code: "ERR_ABORTED", outcome: "not-applied" });
  });

  it("cut short in a recovery answers an error that recover takes later as the first", async () => {
    let statusQueries = 0;
    const gateway = await gatewayWith((path) => {
      if (path.includes("/sale/")) return { destroy: true };
      statusQueries += 1;
      // The first recovery finds the gateway failing; by the second it answers.
      return statusQueries <= 1 ? { status: 503, body: "" } : { body: statusReply("approved") };
    });
    const lost = (await gateway.sale(saleBody)).error;
    expect(lost).toMatchObject({ code: "ERR_NETWORK", outcome: "unknown" });
    const controller = new AbortController();
    const clock: PollClock = {
      now: () => Date.now(),
      sleep: async (_ms, signal) => {
        controller.abort(new Error("shutting down"));
        signal?.throwIfAborted();
      },
    };
    const cut = await gateway.recover(lost, { clock, signal: controller.signal });
    expect(cut.error).toMatchObject({
      code: "ERR_ABORTED",
      outcome: "unknown",
      operationId: "sale",
      clientOrderId: "902B4FF5",
    });
    expect(cut.error?.failedAt).toEqual(lost?.failedAt);
    expect(cut.error?.message).toMatch(/recover: the caller's signal ended the wait \(Error\)/);
    const again = await gateway.recover(cut.error);
    expect(again.data).toMatchObject({ applied: true, orderid: "777", status: "approved" });
    expect(sales()).toHaveLength(1);
  });

  it("does not crash the start-up recovery loop the guides recommend", async () => {
    const gateway = await gatewayWith(() => processing);
    const shopOrders = new Map([
      ["A-1", "sending"],
      ["A-2", "sending"],
    ]);
    // The loop of "When the reply is lost", with an overall limit on each look.
    for (const [id, state] of shopOrders) {
      if (state !== "sending") continue;
      const recovered = await gateway.recoverOrder({ client_orderid: id }, { signal: AbortSignal.timeout(80) });
      if (recovered.error?.outcome === "unknown") continue; // still pending: ask again at the next start-up
      if (recovered.error) throw recovered.error;
      if (recovered.data.found) shopOrders.set(id, recovered.data.status);
    }
    expect([...shopOrders.values()]).toEqual(["sending", "sending"]);
  });
});
