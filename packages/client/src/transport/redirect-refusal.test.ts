import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createClient } from "../create-client.js";
import { createGateway } from "../create-gateway.js";
import { ReplyError } from "../errors/reply-error.js";
import type { PollClock } from "../polling/polling-schedule.js";

// Two real servers on 127.0.0.1: the "gateway" answers every request with a redirect to the
// "other host", which would answer like a gateway if anything reached it. Each counts what it got.
let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const statusReply = { ...asyncReply(), type: "status-response", status: "approved" };

async function redirectingGateway(status = 307) {
  const other = await startTestServer((request) => ({
    body: request.path.includes("/status/") ? statusReply : asyncReply(),
  }));
  // `localhost`, so the host the message names is the other host's, not the gateway's 127.0.0.1.
  const otherOrigin = other.url.replace("127.0.0.1", "localhost").replace(/\/paynet$/, "");
  const gateway = await startTestServer((request) => ({
    status,
    headers: { location: `${otherOrigin}${request.path}?copy=4111111111111111` },
    body: "",
  }));
  servers.push(other, gateway);
  return { other, gateway, otherOrigin };
}

const gatewayOf = (server: TestServer) =>
  createGateway({ baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY" });

describe("a redirect", () => {
  it.each([307, 308, 302])(
    "(HTTP %i) to another host on a sale is an error naming that host, and the signed body goes nowhere else",
    async (status) => {
      const { other, gateway, otherOrigin } = await redirectingGateway(status);
      const { data, error } = await gatewayOf(gateway).sale(saleBody);
      expect(data).toBeUndefined();
      expect(error).toBeInstanceOf(ReplyError);
      expect(error).toMatchObject({
        code: "ERR_REPLY_REDIRECT",
        outcome: "unknown",
        operationId: "sale",
        clientOrderId: "902B4FF5",
      });
      expect(error?.message).toContain(`a redirect (HTTP ${status}) to ${otherOrigin}, which the client never follows`);
      expect(error?.message).toMatch(/pass this error to gateway\.recover\(error\)/);
      // The Location's path and query are not repeated: they may quote the request.
      expect(error?.message).not.toMatch(/copy=|4111111111111111/);
      expect(gateway.requests).toHaveLength(1);
      expect(gateway.requests[0]?.form.get("credit_card_number")).toBe("4111111111111111");
      expect(other.requests).toHaveLength(0);
    },
  );

  it("is refused on the raw client, a status wait and a recovery too", async () => {
    const { other, gateway } = await redirectingGateway();
    const raw = await createClient({ baseUrl: gateway.url })
      .POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "902B4FF5", login: "shop", control: "x" },
      })
      .catch((e: unknown) => e);
    expect(raw).toMatchObject({ name: "ReplyError", code: "ERR_REPLY_REDIRECT" });
    const gw = gatewayOf(gateway);
    // A redirect is no passing fault: the wait ends at once rather than polling on.
    const waited = await gw.waitForFinalStatus({ client_orderid: "902B4FF5" });
    expect(waited.error?.code).toBe("ERR_REPLY_REDIRECT");
    const clock: PollClock = { now: () => Date.now(), sleep: async () => {} };
    const lost = (await gw.sale(saleBody)).error;
    const recovered = await gw.recover(lost, { clock });
    // The gateway could not be asked: the sale stays unknown, never "applied: false".
    expect(recovered.data).toMatchObject({ applied: "unknown" });
    expect(recovered.data?.applied === "unknown" && recovered.data.reason).toMatch(/redirect \(HTTP 307\)/);
    expect(other.requests).toHaveLength(0);
    expect(gateway.requests.length).toBeGreaterThanOrEqual(6);
  });

  it("on the transactions report is an error naming the host, and the signed query goes nowhere else", async () => {
    const { other, gateway, otherOrigin } = await redirectingGateway();
    const { error } = await gatewayOf(gateway).transactionReport({
      createdFromDate: new Date(Date.now() - 3_600_000),
      createdToDate: new Date(),
    });
    expect(error).toMatchObject({ name: "ReplyError", code: "ERR_REPLY_REDIRECT", outcome: "not-applied" });
    expect(error?.message).toContain(`to ${otherOrigin}`);
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.path).toMatch(/^\/paynet-ui\/services\/transaction-report\?/);
    expect(other.requests).toHaveLength(0);
  });

  it("that a fetch passed to the client followed anyway is not taken as the gateway's answer", async () => {
    const { other, gateway } = await redirectingGateway();
    const following = createGateway({
      baseUrl: gateway.url,
      endpointId: 1111,
      login: "shop",
      controlKey: "KEY",
      // A fetch that ignores the request's redirect mode, as some wrappers do.
      fetch: (request) => fetch(new Request(request, { redirect: "follow" })),
    });
    const { data, error } = await following.sale(saleBody);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ code: "ERR_REPLY_REDIRECT", outcome: "unknown" });
    expect(error?.message).toMatch(/reached by a redirect that the fetch passed to the client followed/);
    expect(other.requests).toHaveLength(1);
  });
});
