import { execFileSync, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "examples");

/** Every process below `pid`, children first found by `ps`. */
function descendantsOf(pid: number): number[] {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of rows) {
      if (ppid === parent && child !== undefined) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `npx card-processing-sandbox` as a user does, in its own process group; resolves once it serves. */
async function startThroughNpx() {
  const npx = spawn("npx", ["card-processing-sandbox", "--port", "0", "--quiet"], { cwd: examples, detached: true });
  let output = "";
  npx.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 20_000 }).toMatch(/test cards:/);
  const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
  const tree = descendantsOf(npx.pid ?? 0);
  expect(tree.length).toBeGreaterThan(0);
  return { npx, url, tree };
}

async function serves(url: string): Promise<boolean> {
  return fetch(`${url}/_admin/clock`).then(
    () => true,
    () => false,
  );
}

describe("stopping npx card-processing-sandbox", () => {
  it("with SIGTERM to npx leaves no process behind and frees the port", async () => {
    const { npx, url, tree } = await startThroughNpx();
    try {
      expect(await serves(url)).toBe(true);
      npx.kill("SIGTERM");
      // Processes that are not our children send no exit event: look until they are gone.
      await expect.poll(() => tree.filter(alive), { timeout: 10_000, interval: 100 }).toEqual([]);
      expect(await serves(url)).toBe(false);
    } finally {
      for (const pid of [npx.pid ?? 0, ...tree]) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 40_000);

  it("with Ctrl-C (SIGINT to the process group, as a terminal sends it) leaves no process behind", async () => {
    const { npx, url, tree } = await startThroughNpx();
    try {
      process.kill(-(npx.pid ?? 0), "SIGINT");
      await expect.poll(() => [npx.pid ?? 0, ...tree].filter(alive), { timeout: 10_000, interval: 100 }).toEqual([]);
      expect(await serves(url)).toBe(false);
    } finally {
      for (const pid of [npx.pid ?? 0, ...tree]) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 40_000);
});
