import { describe, expect, it } from "vitest";
import { isToolRoute } from "./tool-route.js";

describe("isToolRoute", () => {
  it.each([
    "/paynet/_admin/orders",
    "/paynet/_dashboard",
    "/paynet/_proxy/findings",
    "/paynet/%5Fadmin/orders",
    "/paynet/%5f%41DMIN/faults",
    "/paynet/%255Fdashboard",
    "/paynet/%25255Fdashboard",
    "/PAYNET//_Admin/orders",
    "/paynet/api/../_admin",
    "/paynet/api/..%2F_admin",
    "/paynet/api/..%5C_admin",
    "/paynet/api\\..\\_admin",
    "/paynet/_admin./orders",
    "/paynet/_admin%20/orders",
    "/paynet/%20_admin/orders",
    "/paynet/\uFF3Fadmin/orders",
    "/paynet/%EF%BC%BFdashboard",
    "/paynet/api/..;/_admin",
    "/paynet/%ZZ/_admin",
  ])("finds a tool's route in %s", (path) => {
    expect(isToolRoute(path)).toBe(true);
  });

  it.each([
    "/paynet/api/v2/sale/1111",
    "/paynet/api/v4/payout/1111",
    "/paynet-ui/services/transaction-report",
    "/paynet//127.0.0.1:8080/steal",
    "/paynet/api/v2/status/1111%",
    "/paynet/admin_/x",
  ])("takes %s for the API's", (path) => {
    expect(isToolRoute(path)).toBe(false);
  });
});
