import { describe, expect, it } from "vitest";
import { xEndpointGroupProse } from "./x-endpoint-group-prose.js";

describe("xEndpointGroupProse", () => {
  const leave = (operation: Record<string, unknown>) => {
    xEndpointGroupProse().Operation.leave(operation);
    return operation;
  };

  it("adds the group address and its page after the operation's description", () => {
    const operation = leave({
      description: "Sale.",
      "x-signature": { scheme: "control", terms: ["endpointId", "client_orderid", "amount", "email"] },
      "x-endpoint-group": { path: "/api/v2/sale/group/{endpointGroupId}", page: "api_v2_sale.html" },
    });
    expect(operation["description"]).toBe(
      "Sale.\n\n**Endpoint group address:** `POST /api/v2/sale/group/{endpointGroupId}` (listed on api_v2_sale.html): " +
        "a merchant given an endpoint group sends it there, and a `control` term `endpointId` is then the endpoint group id.",
    );
  });

  it("says of an OAuth-signed operation that its signature covers the group address, not a control term", () => {
    const operation = leave({
      "x-signature": { scheme: "oauth-rsa-sha256", terms: [] },
      "x-endpoint-group": { path: "/api/v4/transfer/group/{endpointGroupId}", page: "api_v4_transfer.html" },
    });
    expect(operation["description"]).toMatch(
      /and the OAuth signature covers that address, endpoint group id included\.$/,
    );
    expect(operation["description"]).not.toContain("control");
  });

  it("leaves an operation without a group address as it is", () => {
    expect(leave({ description: "Upload." })).toEqual({ description: "Upload." });
  });
});
