import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { UsageError } from "../errors/usage-error.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const login = "test-merchant";
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

describe("createGateway with endpointGroupId", () => {
  it("sends a sale to the group address, with a control that begins with the group id", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const gateway = createGateway({ baseUrl: server.url, endpointGroupId: 42, login, controlKey });
    const body = saleBody;
    const { error } = await gateway.sale(body);
    expect(error).toBeUndefined();
    expect(server.requests.map((r) => r.path)).toEqual(["/paynet/api/v2/sale/group/42"]);
    // node:crypto over the documented terms: <ENDPOINTGROUPID> + client_orderid + amount in minor units + email.
    const expected = sha1(`42${body.client_orderid}1042${body.email}${controlKey}`);
    expect(server.requests[0]?.form.get("control")).toBe(expected);
  });

  it("sends a capture to the group address too; its control, which begins with login, is unchanged", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const gateway = createGateway({ baseUrl: server.url, endpointGroupId: "42", login, controlKey });
    await gateway.capture({ client_orderid: "902B4FF5", orderid: "1234567" });
    expect(server.requests[0]?.path).toBe("/paynet/api/v2/capture/group/42");
    expect(server.requests[0]?.form.get("control")).toBe(sha1(`${login}902B4FF51234567${controlKey}`));
  });

  it("leaves the transactions report's endpoints out, so it covers every endpoint of the merchant", async () => {
    server = await startTestServer(() => ({
      headers: { "content-type": "text/csv" },
      body: "id,type,status\n",
    }));
    const base = new URL(server.url);
    const gateway = createGateway({
      baseUrl: server.url,
      reportUrl: `${base.origin}/paynet-ui/services/transaction-report`,
      endpointGroupId: 42,
      login,
      controlKey,
    });
    await gateway.transactionReport({ createdFromDate: "2026-01-01 00:00:00", createdToDate: "2026-01-02 00:00:00" });
    expect(server.requests[0]?.path).toContain("createdFromDate=");
    expect(server.requests[0]?.path).not.toContain("endpoints=");
  });

  it("refuses both ids, or neither, naming both options, before anything is sent", () => {
    const base = { baseUrl: "http://127.0.0.1:1/paynet", login, controlKey };
    expect(() => createGateway({ ...base, endpointId: 1111, endpointGroupId: 42 })).toThrow(UsageError);
    expect(() => createGateway({ ...base, endpointId: 1111, endpointGroupId: 42 })).toThrow(
      "createGateway: endpointId: give either endpointId or endpointGroupId, not both",
    );
    expect(() => createGateway(base)).toThrow(/endpointId .* or endpointGroupId/);
    expect(() => createGateway({ ...base, endpointGroupId: "group/42" })).toThrow(
      "endpointGroupId: expected a positive integer",
    );
  });

  it("still refuses endpointId 'group/42', pointing at endpointGroupId", () => {
    const base = { baseUrl: "http://127.0.0.1:1/paynet", login, controlKey };
    expect(() => createGateway({ ...base, endpointId: "group/42" })).toThrow(
      "createGateway: endpointId: expected a positive integer such as 1111; for an endpoint group pass endpointGroupId: 42 instead",
    );
  });

  it("refuses, before sending, an operation whose page lists no group address", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const gateway = createGateway({ baseUrl: server.url, endpointGroupId: 42, login, controlKey });
    const upload = { "client-order-id": "902B4FF5", orderid: "1234567", paRes: "eJzt" };
    await expect(gateway.uploadParesResult(upload)).rejects.toMatchObject({
      code: "ERR_OPTION_INVALID",
      field: "endpointGroupId",
    });
    expect(server.requests).toHaveLength(0);
  });
});
