// The Next.js app of this folder as a user deploys it: `next build` with strict TypeScript and no
// merchant key in the environment (as on a build server), then `next start` with the key, receiving
// the sandbox's callbacks: one booked once, a duplicate answered 200, a forgery refused 403.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { type Sandbox, sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { afterAll, beforeAll, expect, it } from "vitest";

const app = dirname(fileURLToPath(import.meta.url));
const next = join(app, "node_modules/next/dist/bin/next");

/** The environment of a build server: no merchant key; no telemetry. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { MERCHANT_CONTROL_KEY: _key, ...rest } = process.env;
  return { ...rest, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...extra };
}

function run(args: readonly string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [next, ...args], { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let sandbox: Sandbox;
let server: ReturnType<typeof run> | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 20 });
});
afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill();
    await once(server.child, "exit");
  }
  await sandbox?.close();
});

it("builds without the key, then takes the sandbox's callbacks once and refuses a forgery", async () => {
  const started = performance.now();
  const build = run(["build"], environment());
  const [code] = (await once(build.child, "exit")) as [number | null];
  const lastLines = build.output().trimEnd().split("\n").slice(-12).join("\n");
  console.log(`next build: exit ${code} in ${((performance.now() - started) / 1000).toFixed(1)} s\n${lastLines}`);
  expect(code, build.output()).toBe(0);
  expect(build.output()).toMatch(/ƒ \/payments\/callback/);

  const port = await freePort();
  server = run(
    ["start", "--port", String(port), "--hostname", "127.0.0.1"],
    environment({ MERCHANT_CONTROL_KEY: sandbox.controlKey }),
  );
  const url = `http://127.0.0.1:${port}/payments/callback`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(url).then(
      () => true,
      () => false,
    ))
  ) {
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(Date.now() < deadline, `next start did not answer:\n${server.output()}`).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const clientOrderId = `next-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(clientOrderId, { amount: "12.50" }),
    ...testCard(),
    server_callback_url: url,
  });
  if (sale.error) throw sale.error;
  const orderid = sale.data["paynet-order-id"];
  const booked = () =>
    server
      ?.output()
      .split("\n")
      .filter((line) => line.startsWith(`booked approved|sale|${orderid}|`));
  const delivery = await sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 15_000 });
  expect(delivery.attempts.at(-1)?.httpStatus).toBe(200);
  expect(booked()).toEqual([`booked approved|sale|${orderid}|${clientOrderId} final=true`]);

  const again = await fetch(delivery.url);
  expect([again.status, await again.text()]).toEqual([200, "OK"]);
  const forged = new URL(delivery.url);
  forged.searchParams.set("status", "declined");
  expect((await fetch(forged)).status).toBe(403);
  expect(booked()).toHaveLength(1);
  expect(server.output()).not.toContain("booked declined");
}, 300_000);
