import { describe, expect, it } from "vitest";
import { RETRY_AFTER_CAP_MS, retryAfterMs } from "./retry-after.js";
import { runtimeName } from "./user-agent.js";

const reply = (status: number, retryAfter?: string) =>
  new Response(null, { status, headers: retryAfter === undefined ? {} : { "retry-after": retryAfter } });

describe("Retry-After", () => {
  it("reads seconds and an HTTP date on a 429 or 503", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(retryAfterMs(reply(503, "2"), now)).toBe(2_000);
    expect(retryAfterMs(reply(429, "Sat, 28 Nov 2026 10:00:05 GMT"), now)).toBe(5_000);
    expect(retryAfterMs(reply(503, "Sat, 28 Nov 2026 09:00:00 GMT"), now)).toBe(0);
  });

  it("is ignored on other statuses, when absent or not understood, and beyond the cap", () => {
    expect(retryAfterMs(reply(500, "1"))).toBeUndefined();
    expect(retryAfterMs(reply(503))).toBeUndefined();
    expect(retryAfterMs(reply(503, "soon"))).toBeUndefined();
    expect(retryAfterMs(reply(503, "-1"))).toBeUndefined();
    expect(retryAfterMs(reply(503, String(RETRY_AFTER_CAP_MS / 1000 + 1)))).toBeUndefined();
  });
});

describe("the runtime the User-Agent names", () => {
  it("is read from Deno, Bun, process.versions or navigator, else unknown", () => {
    expect(runtimeName({ Deno: { version: { deno: "2.1.4" } }, navigator: { userAgent: "Deno/2.1.4" } })).toBe(
      "deno/2.1.4",
    );
    expect(runtimeName({ Bun: { version: "1.2.0" }, process: { versions: { node: "22.6.0" } } })).toBe("bun/1.2.0");
    expect(runtimeName({ process: { versions: { node: "20.20.0" } } })).toBe("node/20.20.0");
    expect(runtimeName({ navigator: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" } })).toBe(
      "Mozilla/5.0 X11; Linux x86_64 Firefox/133.0",
    );
    expect(runtimeName({})).toBe("unknown");
  });
});
