import { describe, expect, it } from "vitest";
import { startSandbox } from "../start-sandbox.js";
import type { SandboxOptions } from "./sandbox-options.js";

const start = (options: Record<string, unknown>) => startSandbox(options as SandboxOptions);

describe("startSandbox refuses an option it does not take, naming it", () => {
  it("names a misspelt option and the known one it is close to", async () => {
    await expect(start({ latencyMS: 5 })).rejects.toThrow(/^latencyMS: unknown option; did you mean latencyMs\?/);
    await expect(start({ endpointIDs: [42] })).rejects.toThrow(
      /endpointIDs: unknown option; did you mean endpointIds\?/,
    );
    await expect(start({ setleDelayMs: 10 })).rejects.toThrow(
      /setleDelayMs: unknown option; did you mean settleDelayMs\?/,
    );
  });

  it("names one far from every known option, and lists what it takes", async () => {
    const refused = start({ colour: "blue" });
    await expect(refused).rejects.toThrow(TypeError);
    await expect(refused).rejects.toThrow(/^colour: unknown option \(startSandbox takes .*latencyMs.*\)$/);
  });

  it("takes every option it reads, the ones startSandbox reads itself included", async () => {
    const sandbox = await startSandbox({
      latencyMs: 5,
      settleDelayMs: 10,
      publicUrl: "http://127.0.0.1:9/paynet",
      adminToken: "a-token-of-at-least-some-length-0123456789",
      faults: { rates: {} },
      logger: () => {},
    });
    await sandbox.close();
  });
});
