import { describe, expect, it } from "vitest";
import type { OperationEntry } from "../../packages/types/src/operation-entry.ts";
import { unpackOperationTable } from "../../packages/types/src/packed-operation-table.ts";
import { packOperationTable } from "./pack-operation-table.ts";

function entry(path: string, overrides: Partial<OperationEntry> = {}): OperationEntry {
  return {
    operationId: "void",
    path,
    signature: { scheme: "control", terms: ["login", "client_orderid", "orderid"], assumed: false },
    requiredFields: ["login", "client_orderid", "orderid", "control"],
    amountFields: [],
    clientOrderIdFields: ["client_orderid"],
    cardNumberFields: [],
    secretFields: ["control"],
    movesMoney: true,
    ...overrides,
  };
}

const one = (path: string, overrides: Partial<OperationEntry> = {}) => ({ [path]: entry(path, overrides) });

describe("packOperationTable", () => {
  it("writes each field name once and one character per use", () => {
    const packed = packOperationTable(one("/api/v2/void/{endpointId}"));
    expect(packed).toEqual({ names: "login client_orderid orderid control", rows: ["v2/void  0m 012 0123  1  3"] });
  });

  it("writes the operation id only where the slug does not give it", () => {
    const packed = packOperationTable({
      ...one("/api/v2/payout/{endpointId}", { operationId: "payout" }),
      ...one("/api/v4/payout/{endpointId}", { operationId: "payoutV4" }),
    });
    expect(packed.rows.map((row) => row.split(" ")[1])).toEqual(["", "payoutV4"]);
  });

  it("round-trips every scheme and flag", () => {
    const table = {
      ...one("/api/v2/a/{endpointId}", { operationId: "a", signature: { scheme: "oauth-hmac-sha1", terms: [], assumed: true } }),
      ...one("/api/v2/b/{endpointId}", { operationId: "b", signature: { scheme: "oauth-rsa-sha256", terms: [], assumed: false }, movesMoney: false }),
      ...one("/api/v2/c/{endpointId}", { operationId: "c", signature: { scheme: "none", terms: [], assumed: true }, movesMoney: false }),
    };
    const { names, rows } = packOperationTable(table);
    expect(unpackOperationTable(names, rows)).toStrictEqual(table);
  });

  it("refuses a field name with a space, naming the field and the operation", () => {
    const table = one("/api/v2/sale/{endpointId}", { requiredFields: ["login", "card holder"] });
    expect(() => packOperationTable(table)).toThrow(
      'POST /api/v2/sale/{endpointId}: field "card holder" contains a space, which separates the parts of the packed operation table',
    );
  });

  it("refuses a path it cannot derive from a slug", () => {
    expect(() => packOperationTable(one("/api/v2/void"))).toThrow("POST /api/v2/void: the packed operation table holds only");
    expect(() => packOperationTable(one("/api/v2/the void/{endpointId}"))).toThrow('path "v2/the void" contains a space');
    expect(() => packOperationTable({ "/api/v2/void/{endpointId}": entry("/api/v2/status/{endpointId}") })).toThrow(
      "keyed by their own path",
    );
  });

  it("refuses an operation id it could not read back", () => {
    expect(() => packOperationTable(one("/api/v2/void/{endpointId}", { operationId: "" }))).toThrow("operationId must be a non-empty string");
    expect(() => packOperationTable(one("/api/v2/void/{endpointId}", { operationId: "void it" }))).toThrow('operationId "void it" contains a space');
  });
});
