import { afterEach, describe, expect, it } from "vitest";
import { resolveOptions } from "../options/resolve-options.js";
import { GatewayEngine } from "./gateway-engine.js";
import type { NewOrder } from "./orders/order.js";
import { fingerprintOf } from "./values/request-fingerprint.js";

const engines: GatewayEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

function startEngine(log: string[]): GatewayEngine {
  const engine = new GatewayEngine(
    resolveOptions({ publicKey: "not used here", latencyMs: 1, settleDelayMs: 1, logger: (line) => log.push(line) }),
  );
  engines.push(engine);
  return engine;
}

function newSale(clientOrderId: string, callbackUrl?: string): NewOrder {
  return {
    clientOrderId,
    endpointId: "1111",
    kind: "sale",
    operationId: "sale",
    amount: "1.00",
    currency: "USD",
    amountMinor: 100n,
    fingerprint: fingerprintOf("sale", { client_orderid: clientOrderId }, "test-salt"),
    ...(callbackUrl === undefined ? {} : { callbackUrl }),
  };
}

describe("background work never ends the process", () => {
  it("logs a callback whose URL cannot be parsed, without the URL's query, and carries on", async () => {
    const log: string[] = [];
    const engine = startEngine(log);
    const order = engine.create(newSale("bg-1", "http://127.0.0.1:99999/cb"), "processing");
    engine.process(order, "sale", 100n, "card");
    await expect
      .poll(() => log.find((line) => line.startsWith(`background callback of order ${order.orderid} failed`)))
      .toMatch(/TypeError: Invalid URL.*carries on/);
    expect(log.join("\n")).not.toContain(engine.options.controlKey);

    const next = engine.create(newSale("bg-2"), "processing");
    engine.process(next, "sale", 100n, "card");
    await expect.poll(() => next.status).toBe("approved");
  });

  it("logs an operation whose decision throws and keeps running the other timers", async () => {
    const log: string[] = [];
    const engine = startEngine(log);
    const broken = engine.create(newSale("bg-3"), "processing");
    // The card rule reads the order's card: one that cannot be read makes the decision throw.
    Object.defineProperty(broken, "card", {
      get: () => {
        throw new RangeError("decision failed");
      },
    });
    engine.process(broken, "capture", 100n, "card");
    const fine = engine.create(newSale("bg-4"), "processing");
    engine.process(fine, "sale", 100n, "card");
    await expect
      .poll(() =>
        log.some(
          (line) =>
            line ===
            `background capture of order ${broken.orderid} failed (RangeError: decision failed); the sandbox carries on`,
        ),
      )
      .toBe(true);
    await expect.poll(() => fine.status).toBe("approved");
  });

  it("logs a settlement that throws", async () => {
    const log: string[] = [];
    const engine = startEngine(log);
    const order = engine.create(newSale("bg-5"), "processing");
    Object.defineProperty(order, "settled", {
      get: () => false,
      set: () => {
        throw new Error("ledger closed");
      },
    });
    // An approved sale is captured whole, and then due for settlement.
    engine.process(order, "sale", 100n, "card");
    await expect
      .poll(() =>
        log.some(
          (line) =>
            line ===
            `background settlement of order ${order.orderid} failed (Error: ledger closed); the sandbox carries on`,
        ),
      )
      .toBe(true);
  });

  it("keeps serving and finishing orders when the logger itself throws", async () => {
    const engine = new GatewayEngine(
      resolveOptions({
        publicKey: "not used here",
        latencyMs: 1,
        settleDelayMs: 1,
        logger: () => {
          throw new Error("disk full");
        },
      }),
    );
    engines.push(engine);
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => stderr.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      const order = engine.create(newSale("bg-6", "http://127.0.0.1:99999/cb"), "processing");
      engine.process(order, "sale", 100n, "card");
      await expect.poll(() => order.status).toBe("approved");
      await expect
        .poll(() =>
          stderr.some((line) =>
            line.startsWith("sandbox logger failed (Error: disk full); line: background callback of order"),
          ),
        )
        .toBe(true);
    } finally {
      process.stderr.write = write;
    }
  });
});
