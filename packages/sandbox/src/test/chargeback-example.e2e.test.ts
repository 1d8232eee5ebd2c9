import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

describe("examples/07-chargeback-arrives.ts", () => {
  it("books the sale and a redelivered partial chargeback once each, and the charged-back amount cannot be returned", async () => {
    const child = spawn(
      join(repo, "node_modules", ".bin", "tsx"),
      [join(repo, "examples", "07-chargeback-arrives.ts")],
      { cwd: join(repo, "examples") },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(output).toContain(
      "✓ ledger after a redelivered chargeback: sale approved 25.00 USD; chargeback approved 10.00 USD",
    );
    expect(output).toMatch(
      /✓ a return of 20\.00 USD is refused: .*more than the 15\.00 USD captured and not yet returned or charged back/,
    );
    expect(output).not.toContain("✗");
    expect(code).toBe(0);
  }, 60_000);
});
