import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { startSandbox } from "../index.js";

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "cli", "main.ts");

it("card-processing-sandbox proxy starts like the sandbox, forwards, and prints the findings by operation and rule on SIGTERM", async () => {
  const sandbox = await startSandbox({ latencyMs: 10 });
  const child = spawn(process.execPath, [
    "--import",
    "tsx",
    main,
    "proxy",
    "--upstream",
    sandbox.url,
    "--port",
    "0",
    "--quiet",
  ]);
  try {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.on("exit", () => reject(new Error(`proxy exited: ${output}`)));
      const look = setInterval(() => {
        const found = /^url:\s+(http:\/\/127\.0\.0\.1:\d+\/paynet)$/m.exec(output)?.[1];
        if (found !== undefined) {
          clearInterval(look);
          resolve(found);
        }
      }, 20);
    });
    expect(output).toContain(`upstream:     ${sandbox.url}`);
    expect(output).toContain("admin token:  none: on loopback the findings answer only this machine");
    // A sale without a body: the sandbox refuses it, the proxy reports the shop's missing fields.
    const reply = await fetch(`${url}/api/v2/sale/${sandbox.endpointId}`, {
      method: "POST",
      headers: { accept: "application/vnd.pay+json" },
    });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { type: string }).type).toBe("validation-error");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toMatch(/findings by operation and rule:\n\s+sale\s+request-field\s+1/);
  } finally {
    child.kill();
    await sandbox.close();
  }
});
