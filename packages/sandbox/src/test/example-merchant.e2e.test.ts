// A sandbox started with no key options on loopback takes the reference's example merchant, so the
// spec's own examples and the reference's samples run against it as printed; one shared beyond
// loopback keeps keys of its own.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { exampleMerchant, FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../start-sandbox.js";
import { bundledSpec } from "../validation/spec-schemas.js";
import { dataOf } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

/** The spec's sale example, as published: its `control` signed with the example merchant's key. */
function publishedSale(): Record<string, string> {
  const content = bundledSpec.paths["/api/v2/sale/{endpointId}"]?.post?.requestBody?.content?.[FORM_MEDIA_TYPE];
  const { examples } = content as { examples: Record<string, { value: Record<string, string> }> };
  return examples["sale"]?.value ?? {};
}

async function postSale(url: string): Promise<{ type: string }> {
  const response = await fetch(`${url}/api/v2/sale/${exampleMerchant.endpointId}`, {
    method: "POST",
    headers: { accept: VENDOR_MEDIA_TYPE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(publishedSale()),
  });
  return (await response.json()) as { type: string };
}

describe("a sandbox started with no key options", () => {
  it("on loopback accepts the spec's sale example as published, and v4 calls signed with the example RSA key", async () => {
    const sandbox = await startSandbox({ latencyMs: 10 });
    try {
      expect(sandbox.controlKey).toBe(exampleMerchant.controlKey);
      expect(await postSale(sandbox.url)).toMatchObject({ type: "async-response" });
      const gateway = createGateway({
        baseUrl: sandbox.url,
        endpointId: exampleMerchant.endpointId,
        login: exampleMerchant.login,
        controlKey: exampleMerchant.controlKey,
        privateKey: exampleMerchant.rsaPrivateKeyPem,
      });
      const check = dataOf(
        await gateway.payoutCheck({
          "client-order-id": "PO-9001",
          amount: "1500.00",
          currency: "EUR",
          order_desc: "Seller settlement",
          account_number: "DE89370400440532013000",
          bank_name: "Example Bank",
        }),
      );
      expect(check.type).toBe("async-response");
    } finally {
      await sandbox.close();
    }
  });

  it("beyond loopback refuses the published example: its keys are its own", async () => {
    const sandbox = await startSandbox({ host: "0.0.0.0", latencyMs: 10 });
    try {
      expect(sandbox.controlKey).not.toBe(exampleMerchant.controlKey);
      expect(sandbox.publicKey).not.toBe(exampleMerchant.rsaPublicKeyPem);
      expect(await postSale(sandbox.url)).toMatchObject({ type: "validation-error" });
    } finally {
      await sandbox.close();
    }
  });

  it("from the CLI on loopback says in its banner that it holds the example merchant, and writes no key file", async () => {
    const child = spawn(cli, ["--port", "0", "--quiet"]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      expect(output).toMatch(new RegExp(`control key:\\s+${exampleMerchant.controlKey}`));
      expect(output).toContain("keys:         the reference's example merchant");
      expect(output).not.toContain("private key:");
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect(await postSale(url)).toMatchObject({ type: "async-response" });
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
    }
  });
});
