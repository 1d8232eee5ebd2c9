import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { rawRequest } from "./raw-request.testlib.js";

// Another site in the developer's browser cannot send a DELETE, PUT or PATCH to the sandbox's
// admin routes any more than a POST: a browser names the page's origin in Origin and Sec-Fetch-Site.
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 0, logger: () => {} });
});
afterAll(async () => {
  await sandbox?.close();
});

describe("the sandbox's admin routes against cross-origin requests of every method", () => {
  it.each(["DELETE", "PUT", "PATCH", "OPTIONS"])(
    "refuses a cross-origin %s with 403, by Origin or by Sec-Fetch-Site, and leaves the faults queued",
    async (method) => {
      sandbox.faults.clear();
      sandbox.faults.next({ kind: "reset-after", operation: "sale" });
      const byOrigin = await rawRequest(sandbox.port, "/paynet/_admin/faults", {
        method,
        headers: { origin: "http://evil.example" },
      });
      expect(byOrigin.status).toBe(403);
      expect(byOrigin.text).toContain(`cross-origin ${method} refused`);
      const bySite = await rawRequest(sandbox.port, "/paynet/_admin/faults", {
        method,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(bySite.status).toBe(403);
      expect(bySite.text).toContain(`cross-site ${method} refused`);
      expect(sandbox.faults.list().queued).toHaveLength(1);
    },
  );

  it("lets the sandbox's own origin DELETE, and a GET from anywhere read as before", async () => {
    sandbox.faults.next({ kind: "reset-after", operation: "sale" });
    const own = await rawRequest(sandbox.port, "/paynet/_admin/faults", {
      method: "DELETE",
      headers: { origin: `http://127.0.0.1:${sandbox.port}`, "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
    expect(sandbox.faults.list().queued).toEqual([]);
    const read = await rawRequest(sandbox.port, "/paynet/_admin/faults", {
      headers: { "sec-fetch-site": "none" },
    });
    expect(read.status).toBe(200);
  });
});
