import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { postForm, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

describe("the CLI as a service", () => {
  it("answers /_health, logs JSON lines, and on SIGTERM finishes the request in flight and exits 0", async () => {
    // Every reply held 1.5 s, so a sale is still in flight when SIGTERM arrives.
    const child = spawn(cli, [
      "--port",
      "0",
      "--control-key",
      "SERVICE-KEY",
      "--log-format",
      "json",
      "--faults",
      "delay:1",
      "--faults-delay-ms",
      "1500",
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";

      const health = await fetch(`${url}/_health`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as Record<string, unknown>;
      expect(body["status"]).toBe("ok");
      expect(body["version"]).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+/);
      expect(typeof body["uptime_s"]).toBe("number");
      await expect.poll(() => output).toMatch(/"msg":"GET \/paynet\/_health 200/);
      const line = output.split("\n").find((l) => l.includes("/paynet/_health")) ?? "";
      expect(JSON.parse(line)).toMatchObject({ level: "info", time: expect.stringMatching(/Z$/) });

      const clientOrderId = orderId("term");
      const sale = postForm(
        url,
        "/api/v2/sale/1111",
        signedSaleBody({ endpointId: "1111", controlKey: "SERVICE-KEY" }, clientOrderId),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stoppedAt = performance.now();
      child.kill("SIGTERM");
      const reply = await sale;
      expect(reply.status).toBe(200);
      expect(reply.text).toContain("paynet-order-id");
      await expect(fetch(`${url}/_health`)).rejects.toThrow();
      expect(await exited).toBe(0);
      expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
