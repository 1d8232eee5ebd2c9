import { describe, expect, it } from "vitest";
import { memoryCallbackSeen } from "./callback-seen.js";

describe("memoryCallbackSeen", () => {
  it("grants one claim per key, refuses it while the lease lives and after completion, grants it again after a release", async () => {
    const seen = memoryCallbackSeen();
    expect(seen.claim("a", 60_000)).toBe("claimed");
    expect(seen.claim("a", 60_000)).toBe("busy");
    seen.release("a");
    expect(seen.claim("a", 60_000)).toBe("claimed");
    seen.complete("a");
    expect(seen.claim("a", 60_000)).toBe("done");
    seen.release("a"); // a release after completion changes nothing
    expect(seen.claim("a", 60_000)).toBe("done");
  });

  it("grants a claim again once the last lease ran out without completion", async () => {
    const seen = memoryCallbackSeen();
    expect(seen.claim("a", 20)).toBe("claimed");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen.claim("a", 20)).toBe("claimed");
  });

  it("remembers the last `limit` keys only", () => {
    const seen = memoryCallbackSeen(2);
    for (const key of ["a", "b", "c"]) {
      seen.claim(key, 60_000);
      seen.complete(key);
    }
    expect(["c", "b", "a"].map((key) => seen.claim(key, 60_000))).toEqual(["done", "done", "claimed"]);
  });
});
