import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { customerFields, dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cli, args);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

async function started(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string; url: string }> {
  const child = spawn(cli, ["--port", "0", "--quiet", ...args]);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
  return { child, output: () => output, url: /url:\s+(\S+)/.exec(output)?.[1] ?? "" };
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  process.kill(child.pid ?? 0, "SIGTERM");
  return exited;
}

describe("card-processing-sandbox with a manual clock, and its trigger subcommand", () => {
  it("ends a payment link after --page-lifetime-ms of sandbox time", async () => {
    const { child, output, url } = await started(["--clock", "manual", "--page-lifetime-ms", "60000"]);
    try {
      const controlKey = /control key:\s+(\S+)/.exec(output())?.[1] ?? "";
      const gateway = createGateway({ baseUrl: url, endpointId: 1111, login: "sandbox-merchant", controlKey });
      const page = dataOf(await gateway.saleForm(customerFields(orderId("clil"))))["redirect-url"];
      await fetch(`${url}/_admin/clock`, { method: "POST", body: new URLSearchParams({ advance_ms: "60000" }) });
      expect((await fetch(page)).status).toBe(410);
    } finally {
      await stop(child);
    }
  });

  it("waits for POST /_admin/clock, then triggers a partial chargeback and refuses one above what is left", async () => {
    const { child, output, url } = await started([
      "--clock",
      "manual",
      "--latency-ms",
      "1000",
      "--seed",
      "cli",
      "--callback-chaos",
      "--callback-timeout-ms",
      "200",
    ]);
    try {
      expect(output()).toMatch(/clock:\s+manual/);
      const controlKey = /control key:\s+(\S+)/.exec(output())?.[1] ?? "";
      const gateway = createGateway({ baseUrl: url, endpointId: 1111, login: "sandbox-merchant", controlKey });
      const id = orderId("cli");
      const orderid = dataOf(await gateway.sale(paymentBody(id)))["paynet-order-id"];
      const advanced = await fetch(`${url}/_admin/clock`, {
        method: "POST",
        body: new URLSearchParams({ advance_ms: "1000" }),
      });
      expect(await advanced.json()).toMatchObject({ fired: 1 });
      expect(dataOf(await gateway.status({ client_orderid: id, orderid })).status).toBe("approved");

      const ok = await run(["trigger", "chargeback", "--order", orderid, "--amount", "5.00", "--url", url]);
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ type: "chargeback", orderid, amount: "5.00", currency: "USD" });

      const refused = await run(["trigger", "chargeback", "--order", orderid, "--amount", "5.43", "--url", url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "chargeback refused: 5.43 USD is more than the 5.42 USD captured and not yet returned or charged back",
      );
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it("gives the same generated control key for the same --seed, and runs a scaled real clock", async () => {
    const keys: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { child, output, url } = await started([
        "--seed",
        "same",
        "--login",
        "seeded-shop",
        "--time-scale",
        "1000",
      ]);
      keys.push(/control key:\s+(\S+)/.exec(output())?.[1] ?? "");
      expect(await (await fetch(`${url}/_admin/clock`)).json()).toMatchObject({ mode: "real", time_scale: 1000 });
      await stop(child);
    }
    expect(keys[0]).toMatch(/^[0-9A-F]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("refuses a trigger without an order, and an unknown --clock, with their usage", async () => {
    const noOrder = await run(["trigger", "chargeback"]);
    expect(noOrder.code).toBe(2);
    expect(noOrder.stderr).toContain("--order: expected a numeric orderid");
    expect(noOrder.stderr).toContain("Usage: card-processing-sandbox trigger");
    const badClock = await run(["--clock", "fast"]);
    expect(badClock.code).toBe(2);
    expect(badClock.stderr).toContain('--clock: expected real or manual, got "fast"');
  });
});
