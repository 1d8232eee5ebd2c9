import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
// Every guide program; guide-fixtures.ts is shared code and *.test.ts files run as tests themselves.
const programs = readdirSync(here).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "guide-fixtures.ts",
);

function run(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Through tsx, as `pnpm demo` and a reader run them; each starts and closes its own sandbox.
    const child = spawn(process.execPath, ["--import", "tsx", join(here, file)], { cwd: here });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("the guide programs of the docs site", () => {
  it("are all found", () => {
    expect(programs.length).toBeGreaterThanOrEqual(9);
  });

  it.concurrent.each(programs)("%s runs against a sandbox, every check passing", async (file) => {
    const { code, output } = await run(file);
    expect(output).not.toContain("✗");
    expect(output.match(/✓/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(code, output).toBe(0);
  });
});
