import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../packages/sandbox/src/start-sandbox.ts";
import { repoRoot } from "../release/published-packages.ts";
import { postmanCollection } from "./postman-collection.ts";

const spec = JSON.parse(readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8"));
const merchant = spec["x-example-merchant"];

interface NewmanSummary {
  run: {
    stats: Record<"requests" | "assertions" | "prerequestScripts" | "testScripts", { total: number; failed: number }>;
    failures: Array<{ error: { message: string; test?: string }; source?: { name?: string } }>;
    executions: Array<{ item: { id: string; name: string }; response?: { code: number } }>;
  };
}
const newman = createRequire(import.meta.url)("newman") as {
  run(options: Record<string, unknown>, done: (error: Error | null, summary: NewmanSummary) => void): unknown;
};

function runCollection(collection: unknown, variables: Record<string, string>): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    const envVar = Object.entries(variables).map(([key, value]) => ({ key, value }));
    newman.run({ collection, envVar, reporters: [], timeoutRequest: 10_000 }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

let sandbox: Sandbox;
beforeAll(async () => {
  // The example merchant of the spec, given explicitly: the keys every request of the collection is signed with.
  sandbox = await startSandbox({
    port: 0,
    host: "127.0.0.1",
    login: merchant.login,
    controlKey: merchant.controlKey,
    publicKey: merchant.rsaPublicKeyPem,
    endpointIds: [merchant.endpointId],
    latencyMs: 10,
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe("the Postman collection", () => {
  const collection = postmanCollection(spec);
  const requests = collection.item.flatMap((folder: { item: Array<{ id: string }> }) => folder.item);

  it("has one request per operation of the spec, the transactions report included, and the example merchant as variables", () => {
    const operationIds = Object.values(spec.paths).flatMap((item: any) =>
      Object.values(item).map((op: any) => op.operationId),
    );
    expect(requests.map((r: { id: string }) => r.id).sort()).toEqual(operationIds.sort());
    const variables = Object.fromEntries(
      collection.variable.map((v: { key: string; value: string }) => [v.key, v.value]),
    );
    expect(variables).toMatchObject({
      login: merchant.login,
      endpointId: String(merchant.endpointId),
      controlKey: merchant.controlKey,
      rsaPrivateKey: merchant.rsaPrivateKeyPem,
    });
  });

  it("runs in newman against the sandbox: every request signed as the sandbox verifies it, every reply as the spec's 200 example says", async () => {
    const origin = new URL(sandbox.url).origin;
    const summary = await runCollection(collection, { baseUrl: sandbox.url, reportBaseUrl: `${origin}/paynet-ui` });
    const { stats, failures, executions } = summary.run;
    const answered = executions.map((e) => `${e.item.id} ${e.response?.code ?? "none"}`);
    console.log(
      `newman: ${stats.requests.total} requests (${stats.requests.failed} failed), ${stats.assertions.total} assertions (${stats.assertions.failed} failed); ` +
        `HTTP 200: ${executions.filter((e) => e.response?.code === 200).length}; 400, for an order or reference a fresh sandbox does not have: ` +
        executions
          .filter((e) => e.response?.code === 400)
          .map((e) => e.item.id)
          .join(", "),
    );
    expect(failures.map((f) => `${f.source?.name}: ${f.error.test ?? ""} ${f.error.message}`)).toEqual([]);
    expect(stats.requests.total).toBe(requests.length);
    expect(stats.assertions.total).toBe(2 * requests.length);
    expect(
      answered.every((line) => / (200|400)$/.test(line)),
      answered.join("\n"),
    ).toBe(true);
  }, 120_000);
});
