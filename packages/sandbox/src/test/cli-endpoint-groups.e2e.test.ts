import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { PAY_JSON, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { customerFields, dataOf, orderId } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

describe("card-processing-sandbox --endpoint-group-id", () => {
  it("accepts a sale and a sale-form at group 42's addresses, and names the group in its banner", async () => {
    const child = spawn(cli, [
      "--port",
      "0",
      "--quiet",
      "--login",
      "group-shop",
      "--control-key",
      "GROUP-KEY",
      "--latency-ms",
      "20",
      "--endpoint-group-id",
      "42",
      "--endpoint-group-id",
      "43",
      "--classic-replies",
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect(output).toMatch(/group ids:\s+42, 43/);

      // A sale as the vendor's PHP library sends it with end_point_group 42: no Accept header, so the
      // classic reply form; control over the group id (signed here with node:crypto, not the SDK).
      const saleId = orderId("cligrp");
      const sale = await sendRaw(`${url}/api/v2/sale/group/42`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(signedSaleBody({ endpointId: "42", controlKey: "GROUP-KEY" }, saleId)).toString(),
      });
      const classic = new URLSearchParams(sale.text.replace(/\n&/g, "&").trim());
      expect(classic.get("type")).toBe("async-response");
      expect(classic.get("merchant-order-id")).toBe(saleId);

      // A sale-form through the client, on group 43.
      const gateway = createGateway({
        baseUrl: url,
        endpointGroupId: 43,
        login: "group-shop",
        controlKey: "GROUP-KEY",
      });
      const formId = orderId("cligrpform");
      const form = dataOf(await gateway.saleForm(customerFields(formId)));
      expect(form["redirect-url"]).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(form["end-point-id"]).toBe(43);

      // An endpoint group the CLI was not given is refused.
      const unknown = await sendRaw(`${url}/api/v2/sale/group/44`, {
        headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(
          signedSaleBody({ endpointId: "44", controlKey: "GROUP-KEY" }, orderId("g44")),
        ).toString(),
      });
      expect(JSON.parse(unknown.text)["error-message"]).toContain("unknown endpoint group 44");
    } finally {
      child.kill("SIGTERM");
    }
  });
});
