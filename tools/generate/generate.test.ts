import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { operationTable } from "../../packages/types/src/generated/operation-table.ts";
import { type BundledSpec, bundleSpec } from "./bundle-spec.ts";
import { emitGatewayOperations } from "./emit-gateway-operations.ts";
import { buildOperationTable, emitOperationTable } from "./emit-operation-table.ts";
import { buildOperationDocs, referenceUrl } from "./operation-docs.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("the operation table generator", () => {
  let spec: BundledSpec;
  beforeAll(async () => {
    spec = await bundleSpec(repoRoot);
  });

  it("holds every operation of the spec (the seed's and those the published API commands index and the PHP library added, issue #43), each with a signature rule", () => {
    const table = buildOperationTable(spec) as Record<string, any>;
    const posts = Object.values(spec.paths as Record<string, { post?: unknown }>).filter((item) => item.post);
    expect(posts.length).toBeGreaterThan(29);
    expect(Object.keys(table)).toHaveLength(posts.length);
    for (const entry of Object.values(table)) {
      expect(["control", "oauth-hmac-sha1", "oauth-rsa-sha256", "none"]).toContain(entry.signature.scheme);
    }
  });

  it("derives capture's rule, fields and money flag from the spec", () => {
    const capture = (buildOperationTable(spec) as Record<string, any>)["/api/v2/capture/{endpointId}"];
    expect(capture).toMatchObject({
      operationId: "capture",
      signature: {
        scheme: "control",
        terms: ["login", "client_orderid", "orderid", "amount", "currency"],
        assumed: false,
      },
      amountFields: ["amount"],
      movesMoney: true,
      replyTypes: ["async-response"],
    });
    expect(capture.secretFields).toContain("control");
    expect(capture.replyRequiredFields).toContain("type");
    // Documentation-only facts stay in openapi.json, out of the runtime table.
    expect(Object.keys(capture).sort()).toEqual([
      "amountFields",
      "cardNumberFields",
      "clientOrderIdFields",
      "groupPath",
      "movesMoney",
      "operationId",
      "path",
      "replyNumberFields",
      "replyRequiredFields",
      "replyShape",
      "replyTypes",
      "reportTypes",
      "requiredFields",
      "secretFields",
      "signature",
    ]);
  });

  it("gives get-balance, whose 200 schema is a list of Balance, the list shape and its item's keys", () => {
    const balance = (buildOperationTable(spec) as Record<string, any>)["/api/v2/get-balance/{endpointId}"];
    expect(balance).toMatchObject({
      operationId: "getBalance",
      replyShape: "list",
      replyNumberFields: ["balance-amount"],
      replyTypes: [],
      replyRequiredFields: ["balance-amount"],
      movesMoney: false,
    });
    expect(balance.groupPath).toBeUndefined();
    const sale = (buildOperationTable(spec) as Record<string, any>)["/api/v2/sale/{endpointId}"];
    expect(sale.replyShape).toBe("object");
  });

  it("marks card numbers and security codes of the sale body", () => {
    const sale = (buildOperationTable(spec) as Record<string, any>)["/api/v2/sale/{endpointId}"];
    expect(sale.cardNumberFields).toEqual(["credit_card_number"]);
    expect(sale.clientOrderIdFields).toEqual(["client_orderid"]);
    expect(sale.secretFields).toEqual(expect.arrayContaining(["cvv2", "control"]));
  });

  it("matches the committed operation table byte for byte", async () => {
    const committed = await readFile(join(repoRoot, "packages/types/src/generated/operation-table.ts"), "utf8");
    expect(emitOperationTable(spec)).toBe(committed);
  });

  it("writes the table as a plain literal that imports to exactly the table the spec builds", () => {
    const built = buildOperationTable(spec);
    expect(operationTable).toStrictEqual(built);
    // toStrictEqual ignores key order; the JSON text does not, at every level.
    expect(JSON.stringify(operationTable)).toBe(JSON.stringify(built));
    expect(emitOperationTable(spec)).toContain('"/api/v2/capture/{endpointId}": {\n    "operationId": "capture",');
  });

  it("refuses an operation whose x-signature is missing", () => {
    const broken = structuredClone(spec);
    delete broken.paths["/api/v2/void/{endpointId}"].post["x-signature"];
    expect(() => buildOperationTable(broken)).toThrow(
      "POST /api/v2/void/{endpointId}: x-signature must have a known scheme",
    );
  });
});

describe("the gateway operations generator", () => {
  let spec: BundledSpec;
  beforeAll(async () => {
    spec = await bundleSpec(repoRoot);
  });

  it("writes one method per operation of the spec, each with its summary and group", () => {
    const emitted = emitGatewayOperations(spec);
    const ops = Object.values<any>(spec.paths).flatMap((item) => (item.post ? [item.post] : []));
    const methods = [...emitted.matchAll(/^ {2}(\w+)\(body: GatewayBody<"(\w+)">/gm)];
    expect(methods.map(([, name]) => name).sort()).toEqual(ops.map((op) => op.operationId).sort());
    for (const [, name, id] of methods) expect(name).toBe(id);
    for (const op of ops) {
      const comment = emitted.slice(0, emitted.indexOf(`  ${op.operationId}(body:`));
      expect(comment.slice(comment.lastIndexOf("/**"))).toContain(`   * ${op.summary}`);
      expect(comment.slice(comment.lastIndexOf("/**"))).toContain(`   * @group ${op.tags[0]}`);
    }
  });

  it("leaves control, and login where the signature supplies it, out of the examples", () => {
    const docs = buildOperationDocs(spec);
    const capture = docs.find((op) => op.operationId === "capture");
    const payoutPay = docs.find((op) => op.operationId === "payoutPay");
    expect(capture?.example).not.toHaveProperty("control");
    expect(capture?.example).not.toHaveProperty("login");
    expect(capture?.requiredFields).toEqual(["client_orderid", "orderid"]);
    // payout-pay is signed with OAuth, and the docs require login in its body.
    expect(payoutPay?.example).toHaveProperty("login");
  });

  it("links an operation to its page the way Redoc names it", () => {
    expect(referenceUrl("https://docs.example/", "3-D Secure", "uploadCresResult")).toBe(
      "https://docs.example/api/index.html#/3-d-secure/uploadcresresult",
    );
  });

  it("refuses a spec without the documentation site's address", () => {
    const broken = structuredClone(spec);
    delete broken.externalDocs;
    expect(() => emitGatewayOperations(broken)).toThrow("externalDocs.url");
  });

  it("matches the committed gateway operations byte for byte", async () => {
    const committed = await readFile(join(repoRoot, "packages/client/src/generated/gateway-operations.ts"), "utf8");
    expect(emitGatewayOperations(spec)).toBe(committed);
  });
});

describe("editing the spec", () => {
  let copy: string;
  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), "card-processing-spec-"));
    await cp(join(repoRoot, "spec"), join(copy, "spec"), { recursive: true });
    await cp(join(repoRoot, "tools/redocly-plugin"), join(copy, "tools/redocly-plugin"), { recursive: true });
    await cp(join(repoRoot, "redocly.yaml"), join(copy, "redocly.yaml"));
  });
  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  it("changes the operation table when a term list changes, with nothing else edited", async () => {
    const file = join(copy, "spec/paths/void.yaml");
    const doc = parse(await readFile(file, "utf8"));
    doc.post["x-signature"].terms = ["login", "orderid", "client_orderid"];
    await writeFile(file, stringify(doc));

    const table = buildOperationTable(await bundleSpec(copy)) as Record<string, any>;
    expect(table["/api/v2/void/{endpointId}"].signature.terms).toEqual(["login", "orderid", "client_orderid"]);
  });

  it("changes the documentation of a gateway method when its summary changes", async () => {
    const file = join(copy, "spec/paths/sale.yaml");
    const doc = parse(await readFile(file, "utf8"));
    doc.post.summary = "Charge a card in one step";
    await writeFile(file, stringify(doc));

    const emitted = emitGatewayOperations(await bundleSpec(copy));
    expect(emitted).toContain("   * Charge a card in one step.\n");
    expect(emitted).toContain("| Charge a card in one step} in the API reference");
  });
});
