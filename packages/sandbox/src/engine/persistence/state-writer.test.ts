import { describe, expect, it } from "vitest";
import type { SandboxStore, StoreBatch } from "../../store/sandbox-store.js";
import { orderFixture } from "../orders/order-fixture.testlib.js";
import { type EngineMeta, StateWriter } from "./state-writer.js";

const meta: EngineMeta = {
  now: 0,
  fingerprintSalt: "salt",
  controlKey: "KEY",
  nextOrderId: 1_000_002,
  nextRecurringId: 500_001,
  nextRequestId: 1,
  nextEventId: 1,
  nextHistoryId: 1,
  nextCallbackId: 1,
  idsDrawn: 0,
};

/** A store that keeps the batches it is given, and fails the commits `failures` counts down. */
function recordingStore(failures = 0): SandboxStore & { batches: StoreBatch[] } {
  const batches: StoreBatch[] = [];
  let left = failures;
  return {
    location: "test",
    batches,
    load: () => [],
    commit(batch) {
      if (left-- > 0) throw new Error("disk full");
      batches.push(batch);
    },
    close() {},
  };
}

/** A writer on `store` whose failures go unreported (the test that needs them reports them itself). */
function writerOn<S extends SandboxStore>(store: S): { store: S; writer: StateWriter } {
  return {
    store,
    writer: new StateWriter(
      store,
      () => meta,
      () => {},
    ),
  };
}

describe("the state writer", () => {
  it("commits every change of one event-loop turn together, with the order as it is at commit time", async () => {
    const { store, writer } = writerOn(recordingStore());
    const order = orderFixture();
    writer.order(order);
    writer.record("history", 1, order.orderid, { what: "created" });
    order.status = "approved";
    await writer.durable();
    expect(store.batches).toHaveLength(1);
    const records = store.batches[0]?.records ?? [];
    expect(records.map((r) => r.kind)).toEqual(["order", "history", "meta"]);
    expect(JSON.parse(records[0]?.json ?? "{}")).toMatchObject({ status: "approved" });
  });

  it("resolves durable() at once when nothing changed", async () => {
    const { store, writer } = writerOn(recordingStore());
    await writer.durable();
    expect(store.batches).toEqual([]);
  });

  it("leaves a forgotten order's pending records out and names it for deletion", async () => {
    const { store, writer } = writerOn(recordingStore());
    const order = orderFixture();
    writer.order(order);
    writer.record("request", 7, order.orderid, { id: 7 });
    writer.forget(new Set([order.orderid]));
    await writer.durable();
    expect(store.batches[0]?.forgetOrders).toEqual([order.orderid]);
    expect(store.batches[0]?.records.map((r) => r.kind)).toEqual(["meta"]);
  });

  it("rejects durable() when the commit fails, reports it, and writes that batch with the next one", async () => {
    const store = recordingStore(1);
    const failures: unknown[] = [];
    const writer = new StateWriter(
      store,
      () => meta,
      (error) => failures.push(error),
    );
    writer.record("event", 1, "1000001", { id: 1 });
    await expect(writer.durable()).rejects.toThrow("disk full");
    expect(failures).toHaveLength(1);
    writer.record("event", 2, "1000001", { id: 2 });
    await writer.durable();
    expect(store.batches[0]?.records.filter((r) => r.kind === "event").map((r) => r.id)).toEqual(["1", "2"]);
  });

  it("commits what is pending on close, then writes nothing more", async () => {
    const { store, writer } = writerOn(recordingStore());
    writer.record("event", 1, "1000001", { id: 1 });
    writer.close();
    expect(store.batches).toHaveLength(1);
    writer.record("event", 2, "1000001", { id: 2 });
    await writer.durable();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.batches).toHaveLength(1);
  });
});
