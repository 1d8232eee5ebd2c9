import { describe, expect, it } from "vitest";
import { adminRouteIn } from "./admin-route-url.js";

describe("adminRouteIn", () => {
  it.each([
    ["http://127.0.0.1:8080/paynet/_admin/orders?limit=5", "/paynet/_admin"],
    ["http://localhost:8080/paynet/_admin/requests", "/paynet/_admin"],
    ["http://[::1]:8080/paynet/_dashboard/events", "/paynet/_dashboard"],
    ["http://rebound.example/paynet/./_admin/orders", "/paynet/_admin"],
    ["http://2130706433:8080/paynet/x/../_admin/callbacks", "/paynet/_admin"],
  ])("finds the admin routes in %s", (url, prefix) => {
    expect(adminRouteIn(url)).toBe(prefix);
  });

  it.each(["https://shop.example/callback", "http://127.0.0.1:8080/paynet/api/v2/status/1111", "not a url"])(
    "leaves %s alone",
    (url) => {
      expect(adminRouteIn(url)).toBeUndefined();
    },
  );
});
