import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGateway, type Gateway } from "@card-processing/client";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { customerFields, dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";
import { selfSignedCertificate } from "./tls-certificate.testlib.js";

const adminToken = "https-admin-token-0000001";
let dir: string;
let sandbox: Sandbox;
let gateway: Gateway;
/** Trusts the test's certificate, as a shop's client is told to trust its team's sandbox. */
let trusting: (input: Request | string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-tls-"));
  const { cert, key } = selfSignedCertificate(dir);
  sandbox = await startSandbox({ tls: { cert, key }, adminToken, latencyMs: 20, settleDelayMs: Infinity });
  const dispatcher = new Agent({ connect: { ca: cert } });
  trusting = (input, init = {}) => fetch(input, { ...init, dispatcher } as RequestInit);
  gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    privateKey: sandbox.privateKeyPem,
    fetch: (request) => trusting(request),
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
  });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a sandbox started with tls", () => {
  it("says https in its url and dashboard address", () => {
    expect(sandbox.url).toBe(`https://127.0.0.1:${sandbox.port}/paynet`);
    expect(sandbox.dashboardUrl).toBe(`https://127.0.0.1:${sandbox.port}/paynet/_dashboard`);
  });

  it("takes a signed sale over https, and a v4 request signed with RSA-SHA256 over the https address", async () => {
    const id = orderId("tls");
    const ack = dataOf(await gateway.sale(paymentBody(id)));
    const orderid = String(ack["paynet-order-id"]);
    const final = dataOf(await gateway.waitForFinalStatus({ client_orderid: id, orderid }));
    expect(final.status).toBe("approved");
    // The OAuth base string holds the scheme: the sandbox must check it against https.
    const ref = dataOf(await gateway.createCardRefV4({ client_orderid: id, orderid, login: sandbox.login }));
    expect(String(ref["card-ref-id"])).toMatch(/^CR[0-9A-F]{16}$/);
  });

  it("answers a -form request with an https hosted page, served over https", async () => {
    const reply = dataOf(await gateway.saleForm(customerFields(orderId("tlsform"))));
    const redirectUrl = reply["redirect-url"] ?? "";
    expect(redirectUrl.startsWith(`${sandbox.url}/hosted/`)).toBe(true);
    const page = await trusting(redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form");
  });

  it("serves the dashboard and the admin routes over https with the token", async () => {
    const opened = await trusting(`${sandbox.dashboardUrl}?token=${adminToken}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("set-cookie")).toMatch(/; Secure$/);
    const page = await trusting(sandbox.dashboardUrl, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(page.status).toBe(200);
    const orders = await trusting(`${sandbox.url}/_admin/orders`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { orders: unknown[] }).orders.length).toBeGreaterThan(0);
    expect((await trusting(`${sandbox.url}/_admin/orders`)).status).toBe(401);
    // A POST from the dashboard's own https origin is its own; the http origin is not.
    const own = { authorization: `Bearer ${adminToken}`, origin: `https://127.0.0.1:${sandbox.port}` };
    expect((await trusting(`${sandbox.url}/_admin/clock`, { method: "POST", headers: own })).status).not.toBe(403);
    const other = { ...own, origin: `http://127.0.0.1:${sandbox.port}` };
    expect((await trusting(`${sandbox.url}/_admin/clock`, { method: "POST", headers: other })).status).toBe(403);
  });

  it("refuses a client that does not trust its certificate", async () => {
    await expect(fetch(`${sandbox.url}/_health`)).rejects.toThrow();
  });
});

describe("startSandbox's tls option", () => {
  it("refuses a certificate or key that is not PEM, naming the field and not the value", async () => {
    await expect(startSandbox({ tls: { cert: "not a certificate", key: "secret-key-text" } })).rejects.toThrow(
      /^tls\.cert: expected PEM text/,
    );
    const cert = readFileSync(join(dir, "sandbox.crt"), "utf8");
    const refused = startSandbox({ tls: { cert, key: "secret-key-text" } });
    await expect(refused).rejects.toThrow(/^tls\.key: expected PEM text/);
    await expect(refused).rejects.not.toThrow(/secret-key-text/);
  });

  it("refuses a key that is not the certificate's, saying node:tls refused the pair", async () => {
    const other = mkdtempSync(join(tmpdir(), "sandbox-tls-other-"));
    try {
      const { cert } = selfSignedCertificate(dir);
      const { key } = selfSignedCertificate(other);
      await expect(startSandbox({ tls: { cert, key } })).rejects.toThrow(/^tls: the certificate and key were refused/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
