import { describe, expect, it } from "vitest";
import { matchOperationPath, operationTable } from "./index.js";

describe("matchOperationPath", () => {
  it("finds every operation under any base path, with its endpoint id as the path holds it", () => {
    for (const entry of Object.values(operationTable)) {
      for (const basePath of ["", "/paynet", "/gateway/v1/paynet"]) {
        const path = `${basePath}${entry.path.replace("{endpointId}", "12%2034")}`;
        expect(matchOperationPath(path), path).toEqual({ entry, endpointId: "12%2034", group: false, basePath });
      }
    }
  });

  it("tells apart operations whose paths share a start (make-rebill, make-rebill-sale; payout, payout-form)", () => {
    expect(matchOperationPath("/paynet/api/v2/make-rebill-sale/1")?.entry.operationId).toBe("makeRebillSale");
    expect(matchOperationPath("/paynet/api/v2/make-rebill/1")?.entry.operationId).toBe("makeRebill");
    expect(matchOperationPath("/api/v4/payout/1")?.entry.operationId).toBe("payoutV4");
    expect(matchOperationPath("/api/v2/payout-form/1")?.entry.operationId).toBe("payoutForm");
  });

  it("takes a base path that itself holds another operation's address as the base path", () => {
    expect(matchOperationPath("/api/v2/sale/x/api/v2/void/7")).toMatchObject({
      entry: { operationId: "void" },
      endpointId: "7",
      basePath: "/api/v2/sale/x",
    });
  });

  it("matches an empty endpoint id, and nothing for a path no operation ends", () => {
    expect(matchOperationPath("/api/v2/sale/")).toMatchObject({ endpointId: "", basePath: "" });
    expect(matchOperationPath("/api/v2/sale")).toBeUndefined();
    expect(matchOperationPath("/api/v2/sale/1111/extra")).toBeUndefined();
    expect(matchOperationPath("/api/v2/refund/1111")).toBeUndefined();
    expect(matchOperationPath("")).toBeUndefined();
  });

  it("finds every operation that has an endpoint group address at it, with the group id", () => {
    const grouped = Object.values<{ path: string; groupPath?: string }>(operationTable).filter(
      (entry) => entry.groupPath !== undefined,
    );
    expect(grouped.map((entry) => entry.groupPath)).toContain("/api/v2/sale/group/{endpointGroupId}");
    for (const entry of grouped) {
      const path = `/paynet${entry.groupPath?.replace("{endpointGroupId}", "42")}`;
      expect(matchOperationPath(path), path).toEqual({ entry, endpointId: "42", group: true, basePath: "/paynet" });
    }
  });

  it("finds no group address for an operation whose page lists none", () => {
    expect(matchOperationPath("/paynet/api/3ds/v1/upload-cres-result/group/42")).toBeUndefined();
    expect(matchOperationPath("/paynet/api/v2/pan-eligibility/send/group/42")).toBeUndefined();
    expect(matchOperationPath("/paynet/api/v2/auth-cash/group/42")).toBeUndefined();
    expect(matchOperationPath("/paynet/api/v2/sync/account-verification/group/42")).toBeUndefined();
    // The endpoint address of a void is not mistaken for a group address, nor the reverse.
    expect(matchOperationPath("/paynet/api/v2/void/42")).toMatchObject({ group: false, endpointId: "42" });
    expect(matchOperationPath("/paynet/api/v2/void/group/42")).toMatchObject({ group: true, endpointId: "42" });
  });
});
