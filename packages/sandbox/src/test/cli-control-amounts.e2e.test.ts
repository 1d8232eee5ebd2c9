import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

describe("card-processing-sandbox --control-amounts", () => {
  it("takes a JPY sale signed in hundredths, as the vendor's PHP library signs it, with --control-amounts hundredths", async () => {
    const child = spawn(cli, [
      "--port",
      "0",
      "--control-key",
      "CLI-KEY",
      "--latency-ms",
      "20",
      "--control-amounts",
      "hundredths",
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      const signedAs = (controlAmounts: "iso-4217" | "hundredths") =>
        createGateway({
          baseUrl: url,
          endpointId: 1111,
          login: "sandbox-merchant",
          controlKey: "CLI-KEY",
          controlAmounts,
        });
      const id = orderId("cli-jpy");
      const ack = dataOf(await signedAs("hundredths").sale({ ...paymentBody(id), amount: "1000", currency: "JPY" }));
      expect(ack.status).toBe("processing");
      const { error } = await signedAs("iso-4217").sale({
        ...paymentBody(orderId("cli-jpy")),
        amount: "1000",
        currency: "JPY",
      });
      expect(error?.message).toContain("expects controlAmounts 'hundredths'");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(0);
  });

  it("refuses a way it does not know, naming the flag and both ways", async () => {
    const child = spawn(cli, ["--port", "0", "--control-amounts", "cents"]);
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(errors).toContain("--control-amounts: expected iso-4217 or hundredths");
  });
});
