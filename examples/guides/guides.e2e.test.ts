import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const relativeToRoot = (file: string) => file.slice(root.length + 1);
// Every file a guide page shows beside its program.
const shownOnPages = new Set(
  readdirSync(join(root, "docs/src/guides/content")).flatMap((page) =>
    [...readFileSync(join(root, "docs/src/guides/content", page), "utf8").matchAll(/data-file="([^"]+)"/g)].map(
      (m) => m[1] ?? "",
    ),
  ),
);
// Every guide program; *.test.ts files run as tests themselves.
// The programs that take longest start first (about 19, 16 and 12 s in CI, against 4 to 9 s for
// the rest, which wait on the sandbox's callbacks and retries): last in the alphabet, one of them
// started when the others were done and ran alone at the end of the suite. Only an order: a name
// missing here costs time, never a check.
const slowestFirst = ["receiving-callbacks.ts", "when-the-reply-is-lost.ts", "moving-from-the-php-library.ts"];
const rank = (name: string) => (slowestFirst.includes(name) ? slowestFirst.indexOf(name) : slowestFirst.length);
const programs = readdirSync(here)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

function run(file: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Through tsx, as `pnpm demo` and a reader run them; each starts and closes its own sandbox.
    const child = spawn(process.execPath, ["--import", "tsx", join(here, file), ...args], { cwd: here });
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

  // The test files and the Playwright suite of the browser guide import as the programs do.
  const suite = ["checkout.spec.ts", "checkout.test.ts", "global-setup.ts", "playwright.config.ts"].map(
    (f) => `checkout-in-a-browser/${f}`,
  );
  it.each([...programs, "testing-with-the-sandbox.test.ts", ...suite])(
    "%s imports only published packages or files its page shows, so its page shows the whole program",
    (file) => {
      const imports = readFileSync(join(here, file), "utf8").match(/from ["']\.{1,2}\/[^"']*["']/g) ?? [];
      // A file of the repository the guide's page shows in full (`<pre data-file="...">`) may be imported.
      const relative = imports.filter((line) => {
        const target = join(here, dirname(file), line.slice(6, -1)).replace(/\.js$/, ".ts");
        return !shownOnPages.has(relativeToRoot(target));
      });
      expect(relative).toEqual([]);
    },
  );

  async function expectEveryCheckPassing(file: string): Promise<void> {
    const { code, output } = await run(file);
    expect(output).not.toContain("✗");
    expect(output.match(/✓/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(code, output).toBe(0);
  }

  // Five programs at once, each a tsx process with a sandbox of its own: a program that takes 10 s
  // alone can take 30 s then, hence 90 s. The lost replies guide gives each reply 500 ms, so that
  // its held replies time out quickly; it runs after the others, alone, since five programs
  // starting at once delay its first replies past that.
  const shortTimeouts = "lost-follow-up-replies.ts";
  it.concurrent.each(programs.filter((file) => file !== shortTimeouts))(
    "%s runs against a sandbox, every check passing",
    expectEveryCheckPassing,
    90_000,
  );
  it(
    `${shortTimeouts} runs against a sandbox, every check passing`,
    () => expectEveryCheckPassing(shortTimeouts),
    90_000,
  );

  it("take-a-card-payment reports a payment whose status stays unknown (CVV2 217) as pending, not failed", async () => {
    const { code, output } = await run("take-a-card-payment.ts", "217");
    expect(output).toMatch(/✓ callback: status=unknown/);
    expect(output).toMatch(/✓ order \d+ is pending, not refused/);
    expect(output).not.toMatch(/status confirms|guide check failed|StatusUnchangedError|✗/);
    expect(code, output).toBe(0);
  });
});
