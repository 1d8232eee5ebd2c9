import { createGateway, type Gateway } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

/** openapi-fetch's middleware, as `gateway.client.use` takes it. */
type Middleware = Parameters<Gateway["client"]["use"]>[0];

const f = fixtureForFile();

/** A gateway on the fixture's sandbox whose transport records the headers of each request sent. */
function recordingGateway() {
  const sent: Headers[] = [];
  const gateway = createGateway({
    baseUrl: f.sandbox.url,
    endpointId: f.sandbox.endpointIds[0] ?? "1111",
    login: f.sandbox.login,
    controlKey: f.sandbox.controlKey,
    fetch: (request) => {
      sent.push(new Headers(request.headers));
      return fetch(request);
    },
  });
  return { gateway, sent };
}

describe("middleware added to gateway.client", () => {
  it("runs for a named operation after the signer: it sees the signed sale, and a header it adds is sent", async () => {
    const { gateway, sent } = recordingGateway();
    const seenControls: Array<string | null> = [];
    const traceHeader: Middleware = {
      async onRequest({ request }) {
        seenControls.push(new URLSearchParams(await request.clone().text()).get("control"));
        request.headers.set("X-Shop-Trace", "trace-1");
        return request;
      },
    };
    gateway.client.use(traceHeader);
    const id = orderId("mw");
    const ack = dataOf(await gateway.sale(paymentBody(id)));
    expect(ack["merchant-order-id"]).toBe(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get("x-shop-trace")).toBe("trace-1");
    expect(seenControls).toHaveLength(1);
    expect(seenControls[0]).toMatch(/^[0-9a-f]{40}$/);
  });

  it("reads the response of a named operation", async () => {
    const { gateway } = recordingGateway();
    const seen: Array<{ path: string; status: number; type: unknown }> = [];
    const responseReader: Middleware = {
      async onResponse({ response, schemaPath }) {
        const body = (await response.clone().json()) as { type?: unknown };
        seen.push({ path: schemaPath, status: response.status, type: body.type });
        return undefined;
      },
    };
    gateway.client.use(responseReader);
    const id = orderId("mw");
    dataOf(await gateway.sale(paymentBody(id)));
    dataOf(await gateway.statusByClientOrderId(id));
    expect(seen).toEqual([
      { path: "/api/v2/sale/{endpointId}", status: 200, type: "async-response" },
      { path: "/api/v2/status/{endpointId}", status: 200, type: "status-response" },
    ]);
  });
});
