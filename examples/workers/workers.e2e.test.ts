// The example Workers (checkout-worker.ts, callback-worker.ts with its Durable Object claim store),
// bundled as wrangler bundles them and run in workerd against the sandbox. `pnpm test:runtimes`
// runs the same checks on the packed packages.
import { mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Sandbox, startSandbox } from "@card-processing/sandbox";
import { afterAll, beforeAll, expect, it } from "vitest";
import workerd from "workerd";
import { checkWorkersInWorkerd } from "../../tools/release/workerd/worker-checks.ts";

const here = dirname(fileURLToPath(import.meta.url));
let sandbox: Sandbox;
let project: string;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 100 });
  // Inside examples/, so the Workers build with the workspace's packages.
  project = await mkdtemp(join(here, ".workerd-"));
});
afterAll(async () => {
  await sandbox?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

it("takes a sale, books its callback once, refuses a forgery and signs a v4 call, in workerd", async () => {
  const { passed, sizes } = await checkWorkersInWorkerd(workerd, project, here, sandbox);
  console.log(`workerd: ${passed.length} checks passed\n  ${passed.join("\n  ")}`);
  console.log(
    `gzipped: callback endpoint ${sizes.callback.gzipBytes} B (${sizes.callback.minifiedGzipBytes} B minified), sale + wait ${sizes.checkout.gzipBytes} B (${sizes.checkout.minifiedGzipBytes} B minified)`,
  );
  expect(passed).toHaveLength(8);
}, 60_000);
