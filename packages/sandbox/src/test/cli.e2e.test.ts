import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

describe("card-processing-sandbox CLI", () => {
  it("prints its URL and credentials, writes a generated private key, and logs requests and state changes", async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), "sandbox-cli-")), "key.pem");
    const child = spawn(cli, [
      "--port",
      "0",
      "--login",
      "cli-shop",
      "--control-key",
      "CLI-KEY",
      "--endpoint-id",
      "4242",
      "--latency-ms",
      "20",
      "--private-key-out",
      keyFile,
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/paynet$/);
      expect(output).toMatch(/login:\s+cli-shop/);
      expect(output).toMatch(/control key:\s+CLI-KEY/);
      expect(output).toContain(`private key:  ${keyFile}`);
      const privateKey = readFileSync(keyFile, "utf8");
      expect(privateKey).toContain("BEGIN PRIVATE KEY");

      const gateway = createGateway({
        baseUrl: url,
        endpointId: 4242,
        login: "cli-shop",
        controlKey: "CLI-KEY",
        privateKey,
        polling: { firstDelayMs: [10, 20] },
      });
      const id = orderId("cli");
      const ack = dataOf(await gateway.sale(paymentBody(id, "5555555555554444")));
      dataOf(await gateway.waitForFinalStatus({ client_orderid: id, orderid: ack["paynet-order-id"] }));
      const check = dataOf(
        await gateway.payoutCheck({
          "client-order-id": orderId("cli"),
          amount: "1.00",
          currency: "EUR",
          order_desc: "x",
          account_number: "1",
          bank_name: "B",
        }),
      );
      expect(check.status).toBe("processing");
      await expect.poll(() => output).toMatch(/POST \/paynet\/api\/v2\/sale\/4242 sale 200 processing/);
      expect(output).toMatch(/order [0-9]+ sale: processing -> approved/);
      // The request line is written once the reply has gone out, so it may trail the reply.
      await expect.poll(() => output).toMatch(/POST \/paynet\/api\/v4\/payout-check\/4242 payoutCheck 200/);
      // The banner lists the test cards; the request log must never show a card number.
      const logLines = output.split("\n").filter((line) => /^[0-9]{4}-[0-9]{2}-[0-9]{2}T/.test(line));
      expect(logLines.length).toBeGreaterThan(3);
      expect(logLines.join("\n")).not.toMatch(/5555555555554444|CVV|cvv2/);
    } finally {
      child.kill("SIGTERM");
    }
    const code = await new Promise((resolve) => child.on("exit", resolve));
    // The key written to --private-key-out stays after the stop: the test removes its folder.
    rmSync(dirname(keyFile), { recursive: true, force: true });
    expect(code).toBe(0);
  });

  it("refuses an unknown option with its usage", async () => {
    const child = spawn(cli, ["--prot", "1"]);
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(errors).toMatch(/Unknown option '--prot'/);
    expect(errors).toContain("Usage: card-processing-sandbox");
  });

  it("refuses a --data-dir whose sandbox.db is not a database: names the file and the fix, no usage, exit 1, no lock left", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-stray-db-"));
    try {
      const file = join(dir, "sandbox.db");
      writeFileSync(file, "a stray file, not a database, long enough for SQLite to read a header\n".repeat(4));
      const child = spawn(cli, ["--port", "0", "--quiet", "--data-dir", dir]);
      let errors = "";
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(errors).toBe(
        `card-processing-sandbox: dataDir: ${file} is not a sandbox database (SQLite: file is not a database); ` +
          "move that file away (the sandbox then starts afresh in its directory) or choose another data directory\n",
      );
      expect(readdirSync(dir)).toEqual(["sandbox.db"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
