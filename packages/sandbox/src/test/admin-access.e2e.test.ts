import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";

// Listens on every interface, but the test only ever connects through 127.0.0.1.
let open: Sandbox;
let given: Sandbox;

beforeAll(async () => {
  open = await startSandbox({ host: "0.0.0.0", latencyMs: 0 });
  given = await startSandbox({ host: "0.0.0.0", adminToken: "a-token-chosen-by-the-user-1234", latencyMs: 0 });
});
afterAll(async () => {
  await open?.close();
  await given?.close();
});

describe("admin routes and the dashboard beyond loopback", () => {
  it("generates a token when listening on 0.0.0.0 and refuses requests without it", async () => {
    expect(open.adminToken).toMatch(/^[0-9a-f]{48}$/);
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    for (const path of [
      "/_admin/orders",
      "/_admin/callbacks",
      "/_admin/requests",
      "/_dashboard",
      "/_dashboard/events",
    ]) {
      const response = await fetch(`${open.url}${path}`);
      expect(response.status, path).toBe(401);
      const body = (await response.json()) as { "error-message": string };
      expect(body["error-message"]).toContain("Authorization: Bearer");
      expect(body["error-message"]).not.toContain(open.adminToken);
    }
    const wrong = await fetch(`${open.url}/_admin/orders`, {
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.status).toBe(401);
  });

  it("accepts the token as a Bearer header on admin routes", async () => {
    const response = await fetch(`${open.url}/_admin/orders`, {
      headers: { authorization: `Bearer ${open.adminToken ?? ""}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orders: [], next_cursor: null });
  });

  it("turns ?token= on the page into a same-site cookie that then opens the page", async () => {
    const first = await fetch(`${given.dashboardUrl}?token=${given.adminToken ?? ""}`, { redirect: "manual" });
    expect(given.adminToken).toBe("a-token-chosen-by-the-user-1234");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/paynet/_dashboard");
    const cookie = first.headers.getSetCookie().find((line) => line.includes("; Path=/paynet/_dashboard;")) ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const page = await fetch(given.dashboardUrl, { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect(page.status).toBe(200);
    const badQuery = await fetch(`${given.dashboardUrl}?token=wrong-token-wrong-token`, { redirect: "manual" });
    expect(badQuery.status).toBe(401);
  });

  it("still refuses a cross-site POST that carries the token", async () => {
    const response = await fetch(`${given.url}/_admin/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${given.adminToken ?? ""}`, origin: "http://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("leaves the API itself without the token", async () => {
    const response = await fetch(`${open.url}/api/v2/status/1111`, { method: "POST" });
    expect(response.status).toBe(400);
  });

  it("refuses an admin token too short to be one", async () => {
    await expect(startSandbox({ adminToken: "short" })).rejects.toThrow(/adminToken: expected 16 to 200 characters/);
  });
});
