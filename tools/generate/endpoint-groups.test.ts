import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type BundledSpec, bundleSpec } from "./bundle-spec.ts";
import { buildOperationTable } from "./emit-operation-table.ts";
import { endpointGroupPathOf } from "./endpoint-groups.ts";
import { checkedFieldPatterns, requestChecksOf } from "./request-checks.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("endpoint group addresses from x-endpoint-group", () => {
  let spec: BundledSpec;
  beforeAll(async () => {
    spec = await bundleSpec(repoRoot);
  });

  it("gives a group address to exactly the operations whose page lists one", () => {
    const grouped = Object.values(buildOperationTable(spec)).filter((entry) => entry.groupPath !== undefined);
    expect(grouped.map((entry) => entry.path).sort()).toEqual(
      [
        "/api/v2/account-verification-form/{endpointId}",
        "/api/v2/account-verification/{endpointId}",
        "/api/v2/capture/{endpointId}",
        "/api/v2/create-card-ref/{endpointId}",
        "/api/v2/get-card-info/{endpointId}",
        "/api/v2/make-rebill-preauth/{endpointId}",
        "/api/v2/make-rebill-sale/{endpointId}",
        "/api/v2/payout-form/{endpointId}",
        "/api/v2/preauth-form/{endpointId}",
        "/api/v2/preauth/{endpointId}",
        "/api/v2/return/{endpointId}",
        "/api/v2/sale-form/{endpointId}",
        "/api/v2/sale/{endpointId}",
        "/api/v2/status/{endpointId}",
        "/api/v2/void/{endpointId}",
        "/api/v4/create-card-ref/{endpointId}",
        "/api/v4/payout-by-ref/{endpointId}",
        "/api/v4/payout-pay/{endpointId}",
        "/api/v4/payout/{endpointId}",
        "/api/v4/status/{endpointId}",
        "/api/v4/transfer-by-ref/{endpointId}",
        "/api/v4/transfer-form/{endpointId}",
        "/api/v4/transfer/{endpointId}",
      ].sort(),
    );
    for (const [path, item] of Object.entries<any>(spec.paths)) {
      const page = item.post?.["x-endpoint-group"]?.page;
      if (page !== undefined) expect(page, path).toMatch(/^api_v[24]_[a-z_-]+\.html$/);
    }
  });

  it("refuses a marker whose address is not the operation's own path at group/{endpointGroupId}", () => {
    const path = "/api/v2/sale/{endpointId}";
    expect(endpointGroupPathOf(path, {})).toBeUndefined();
    expect(
      endpointGroupPathOf(path, {
        "x-endpoint-group": { path: "/api/v2/sale/group/{endpointGroupId}", page: "api_v2_sale.html" },
      }),
    ).toBe("/api/v2/sale/group/{endpointGroupId}");
    expect(() =>
      endpointGroupPathOf(path, {
        "x-endpoint-group": { path: "/api/v2/void/group/{endpointGroupId}", page: "api_v2_sale.html" },
      }),
    ).toThrow("x-endpoint-group needs path /api/v2/sale/group/{endpointGroupId}");
    expect(() =>
      endpointGroupPathOf(path, { "x-endpoint-group": { path: "/api/v2/sale/group/{endpointGroupId}" } }),
    ).toThrow(/the page that lists it/);
  });
});

describe("request checks from the spec's schemas", () => {
  const schemas = {
    Currency: {
      type: "string",
      pattern: "^[A-Z]{3}$",
      description: "Three capitals.",
      "x-checked-before-sending": true,
    },
    Email: { type: "string", pattern: "@" },
    // JSON text: a literal object with a `then` key reads as a thenable to the linter.
    StateWhereRequired: JSON.parse(
      '{"if":{"required":["country"],"properties":{"country":{"enum":["US","CA"]}}},"then":{"required":["state"]}}',
    ),
  };

  it("reads the if/then of a body's allOf", () => {
    const body = { allOf: [{ $ref: "#/components/schemas/StateWhereRequired" }], properties: {} };
    expect(requestChecksOf(body, schemas, "Body")).toEqual({
      conditionalFields: [{ when: "country", in: ["US", "CA"], fields: ["state"] }],
    });
  });

  it("reads the patterns of marked fields once for the whole API, refusing a name with two meanings", () => {
    const operation = (properties: object) => ({
      post: {
        requestBody: { content: { form: { schema: { properties } } } },
      },
    });
    const spec = (second: object) => ({
      components: { schemas },
      paths: {
        "/a/{endpointId}": operation({ currency: { $ref: "#/components/schemas/Currency" } }),
        "/b/{endpointId}": operation(second),
      },
    });
    expect(checkedFieldPatterns(spec({ currency: { $ref: "#/components/schemas/Currency" } }))).toEqual({
      currency: { pattern: "^[A-Z]{3}$", rule: "Three capitals." },
    });
    expect(() => checkedFieldPatterns(spec({ currency: { type: "string" } }))).toThrow(
      "request field currency is checked before sending in some bodies but not all",
    );
  });

  it("refuses an if/then it cannot read, rather than checking less than the sandbox", () => {
    const body = { allOf: [JSON.parse('{"if":{"required":["a","b"]},"then":{"required":["c"]}}')] };
    expect(() => requestChecksOf(body, schemas, "Body")).toThrow(/Body: an if\/then must read/);
  });
});
