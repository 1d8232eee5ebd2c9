import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGateway } from "@card-processing/client";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { customerFields, dataOf, orderId } from "./sandbox-fixture.testlib.js";

const open: Sandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function started(options: Parameters<typeof startSandbox>[0]): Promise<Sandbox> {
  const sandbox = await startSandbox({ latencyMs: 20, settleDelayMs: Infinity, ...options });
  open.push(sandbox);
  return sandbox;
}

describe("a sandbox shared by a team", () => {
  it("says its publicUrl in its url and in the hosted page addresses it answers with", async () => {
    const sandbox = await started({ publicUrl: "https://sandbox.team.example" });
    expect(sandbox.url).toBe("https://sandbox.team.example/paynet");
    expect(sandbox.dashboardUrl).toBe("https://sandbox.team.example/paynet/_dashboard");
    // The test reaches it directly; a teammate's browser would go through the public address.
    const gateway = createGateway({
      baseUrl: `http://127.0.0.1:${sandbox.port}/paynet`,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });
    const reply = dataOf(await gateway.saleForm(customerFields(orderId("pub"))));
    const redirectUrl = reply["redirect-url"] ?? "";
    expect(redirectUrl).toMatch(/^https:\/\/sandbox\.team\.example\/paynet\/hosted\/[0-9a-f]+$/);
    const page = await fetch(redirectUrl.replace("https://sandbox.team.example", `http://127.0.0.1:${sandbox.port}`));
    expect(page.status).toBe(200);
    await expect(sandbox.payHostedPage(redirectUrl)).resolves.toMatchObject({ method: "POST" });
  });

  it.each([
    ["ftp://sandbox.team.example", /^publicUrl: expected the http or https address/],
    ["https://sandbox.team.example/api", /^publicUrl: expected no path or \/paynet/],
    ["https://user:secret@sandbox.team.example", /^publicUrl: .*no user, query or fragment/],
  ])("refuses the publicUrl %s, naming the option", async (publicUrl, message) => {
    await expect(startSandbox({ publicUrl })).rejects.toThrow(message);
    await expect(startSandbox({ publicUrl })).rejects.not.toThrow(/secret/);
  });

  it("requires the admin token with a publicUrl on 127.0.0.1, as a reverse proxy's Host names loopback", async () => {
    const sandbox = await started({ publicUrl: "https://sandbox.team.example" });
    expect(sandbox.adminToken).toMatch(/^[0-9a-f]{48}$/);
    const direct = `http://127.0.0.1:${sandbox.port}/paynet`;
    // What nginx's default proxy_pass sends for anyone on the internet: Host 127.0.0.1:PORT.
    const orders = await fetch(`${direct}/_admin/orders`);
    expect(orders.status).toBe(401);
    const reset = await fetch(`${direct}/_admin/reset`, { method: "POST" });
    expect(reset.status).toBe(401);
    const settle = await fetch(`${direct}/_admin/settle`, {
      method: "POST",
      body: new URLSearchParams({ orderid: "1" }),
    });
    expect(settle.status).toBe(401);
    expect((await fetch(`${direct}/_dashboard`)).status).toBe(401);
    const allowed = await fetch(`${direct}/_admin/orders`, {
      headers: { authorization: `Bearer ${sandbox.adminToken ?? ""}` },
    });
    expect(allowed.status).toBe(200);
  });

  it("takes a publicUrl that ends in /paynet as it is", async () => {
    const sandbox = await started({ publicUrl: "http://10.0.0.5:8080/paynet/" });
    expect(sandbox.url).toBe("http://10.0.0.5:8080/paynet");
  });

  it("keeps a generated admin token in its data directory, so a restart requires the same one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sandbox-token-"));
    dirs.push(dir);
    // Listens on every interface (a token is generated); the test connects through 127.0.0.1.
    const first = await started({ host: "0.0.0.0", dataDir: dir });
    const token = first.adminToken;
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    // Nothing but the start happened: the token must be on disk all the same.
    open.splice(open.indexOf(first), 1);
    await first.close();
    const second = await started({ host: "0.0.0.0", dataDir: dir });
    expect(second.adminToken).toBe(token);
    expect(second.controlKey).toBe(first.controlKey);
    const orders = await fetch(`${second.url}/_admin/orders`, { headers: { authorization: `Bearer ${token}` } });
    expect(orders.status).toBe(200);
  });

  it("uses a given admin token over a kept one, and keeps the generated one for later", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sandbox-token-"));
    dirs.push(dir);
    const first = await started({ host: "0.0.0.0", dataDir: dir });
    const generated = first.adminToken;
    open.splice(open.indexOf(first), 1);
    await first.close();
    const given = await started({ host: "0.0.0.0", dataDir: dir, adminToken: "given-admin-token-000001" });
    expect(given.adminToken).toBe("given-admin-token-000001");
    open.splice(open.indexOf(given), 1);
    await given.close();
    const third = await started({ host: "0.0.0.0", dataDir: dir });
    expect(third.adminToken).toBe(generated);
  });
});
