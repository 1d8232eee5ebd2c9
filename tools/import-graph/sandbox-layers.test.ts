import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, importsUpward, roomGraph, sourceDir } from "./import-graph.js";

/**
 * The sandbox's rooms from the top down (ARCHITECTURE.md draws them). A room imports only rooms on
 * lower layers: nothing runs back up, and rooms on one layer do not import each other. A new folder
 * fails the test below until it is given its layer here.
 */
const sandboxLayers: readonly (readonly string[])[] = [
  ["cli", "index.ts"],
  // The check of a shop's callback endpoint: the CLI and index.ts use it; it takes the callback timeout from delivery.
  ["conformance"],
  // sandboxTime reads the clock control of a started sandbox, so it sits beside start-sandbox.ts.
  ["start-sandbox.ts", "sandbox-time.ts"],
  // The validation proxy forwards to a gateway and checks the exchange: validation/ for requests,
  // the spec's reply schemas, server/api/'s redaction rule; it keeps no gateway state.
  ["proxy"],
  ["options", "server"],
  ["server/dashboard"],
  ["server/admin", "server/pages"],
  ["server/api"],
  ["operations"],
  // The engine's rooms. engine/ itself holds what assembles them: GatewayEngine, the controls over
  // it, the options it runs with. Below it, each room takes what it needs of a higher one by an
  // interface the engine satisfies (PageEngine, EventGateway, ChargingGateway, JournalWriter...).
  ["engine"],
  // What a data directory keeps: the StateWriter, and the stored order and state read back.
  ["engine/persistence"],
  // The journal (timelines, requests received, events triggered) and the recurring charges.
  ["engine/journal", "engine/recurring"],
  // Events on orders and the change feed; report rows and callback parameters; card decisions and 3-D Secure.
  ["engine/events", "engine/report", "engine/decisions"],
  // The sandbox clock and what runs on it: settlement timers, page lifetime, waits for a final status.
  ["engine/time"],
  // The order, its book and pages, its requests, its retention and the rules of its transitions.
  ["engine/orders"],
  // Plain values: money, transaction type names, generated ids, request fingerprints.
  ["engine/values"],
  // store/ keeps records of JSON text: it knows nothing of orders, so it imports no engine type.
  ["delivery", "validation", "test-values", "store"],
  // The files the sandbox reads at run time (its package.json, dashboard files, bundled spec, SQLite).
  ["shipped-files.ts"],
];

describe("the sandbox's layers", () => {
  it("place every room of the sandbox", async () => {
    const rooms = roomGraph(await importGraph("sandbox"));
    expect([...rooms.keys()].sort()).toEqual(sandboxLayers.flat().sort());
  });

  it("have every import run down, none back up or sideways", async () => {
    const rooms = roomGraph(await importGraph("sandbox"));
    expect(importsUpward(rooms, sandboxLayers)).toEqual([]);
  });

  it("keep each operation handler file from importing another (they share the operation context and helpers)", async () => {
    const graph = await importGraph("sandbox");
    const handlerFile = /^[a-z0-9-]+-operations\.ts$/;
    const handlerFiles = [...graph.keys()].filter(
      (file) => file.startsWith("operations") && handlerFile.test(basename(file)),
    );
    expect(handlerFiles.length).toBeGreaterThan(3);
    const neighbours = handlerFiles.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => handlerFile.test(basename(target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(neighbours).toEqual([]);
  });

  it.each(["engine", "operations", "delivery"])(
    "keep %s/ free of node:http (the server reads requests and writes replies)",
    async (folder) => {
      const dir = join(sourceDir("sandbox"), folder);
      const files = (await readdir(dir, { recursive: true })).filter(
        (f) => f.endsWith(".ts") && !/\.(test|test-d|bench|testlib)\.ts$/.test(f),
      );
      expect(files.length).toBeGreaterThan(2);
      const withServer = [];
      for (const file of files)
        if (/\bfrom\s+"node:https?"/.test(await readFile(join(dir, file), "utf8"))) withServer.push(file);
      expect(withServer).toEqual([]);
    },
  );
});
