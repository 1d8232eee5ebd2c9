import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, importsUpward, roomGraph, roomOf, sourceDir } from "./import-graph.js";

/**
 * The client's rooms from the top down (ARCHITECTURE.md draws them). A room imports only rooms on
 * lower layers: nothing runs back up, and rooms on one layer do not import each other. A new folder
 * or a new file at the top of `src/` fails the test below until it is given its layer here.
 */
const clientLayers: readonly (readonly string[])[] = [
  // The two entries of package.json's exports: "." and "./callback-handler".
  ["index.ts", "callback-handler-entry.ts"],
  // Callbacks take the Gateway type (to confirm an order by its status), so they sit above it.
  ["create-gateway.ts", "callbacks"],
  // createGateway's options, checked once and resolved into the configuration the gateway reads.
  ["gateway-options.ts"],
  // The Gateway interface; telemetry wraps a gateway's calls and is loaded through its hook only.
  ["gateway-types.ts", "telemetry"],
  // The openapi-fetch client, and recovery (recover, sendOnce, the report).
  ["create-client.ts", "recovery"],
  // Generated: the named operation methods, and the version the client's User-Agent names.
  ["generated"],
  // The fetch of one request and the sender every request leaves through (User-Agent, deadline,
  // redirect rule, Retry-After): address rule, form body, request log, unsent requests.
  ["transport"],
  // The status poller, its schedule and clock, and the caller's signal ending a call or a wait.
  ["polling"],
  // The family under GatewayError, the result union, the error a reply reads as, option-key checks.
  ["errors"],
  // Reading a reply (either form, next step, required keys, money advice); redaction of secrets and personal data.
  ["replies", "redaction"],
];

/**
 * The files that check an options object's keys: each the door a user calls with that object
 * (createGateway's options at its resolver, createClient's, a call's, a wait's, a schedule, the
 * report's query, sendOnce's, telemetry's), none on the way a configuration is handed through.
 */
const keyCheckDoors = [
  "create-client.ts",
  "create-gateway.ts",
  "gateway-options.ts",
  "polling/polling-schedule.ts",
  "polling/status-poller.ts",
  "recovery/send-once-checks.ts",
  "recovery/transaction-report.ts",
  "telemetry/telemetry-hook.ts",
];

const slashed = (file: string) => file.split("\\").join("/");

/** The telemetry files the rest of the client may import: the hook and the options it takes. */
const telemetryDoors = ["telemetry/telemetry-hook.ts", "telemetry/telemetry-options.ts"];

describe("the client's layers", () => {
  it("place every room of the client", async () => {
    const rooms = roomGraph(await importGraph("client"));
    expect([...rooms.keys()].sort()).toEqual(clientLayers.flat().sort());
  });

  it("have every import run down, none back up or sideways", async () => {
    const rooms = roomGraph(await importGraph("client"));
    expect(importsUpward(rooms, clientLayers)).toEqual([]);
  });

  it("reach telemetry only through its hook (its instrumentation is loaded on demand)", async () => {
    const graph = await importGraph("client");
    const sideDoors = [...graph].flatMap(([file, targets]) =>
      roomOf(file) === "telemetry"
        ? []
        : targets
            .filter(
              (target) => roomOf(target) === "telemetry" && !telemetryDoors.includes(target.split("\\").join("/")),
            )
            .map((target) => `${file} → ${target}`),
    );
    expect(sideDoors).toEqual([]);
  });

  it("resolve createGateway's options in one file that only createGateway reads, and check keys only at the doors", async () => {
    const graph = await importGraph("client");
    const importersOf = (target: string) =>
      [...graph]
        .filter(([, targets]) => targets.map(slashed).includes(target))
        .map(([file]) => slashed(file))
        .sort();
    expect(importersOf("gateway-options.ts")).toEqual(["create-gateway.ts", "index.ts"]);
    expect(importersOf("errors/known-keys.ts")).toEqual(keyCheckDoors);
  });

  it("send every request through the request sender: no other file calls fetch", async () => {
    const graph = await importGraph("client");
    const callers: string[] = [];
    for (const file of graph.keys()) {
      const text = await readFile(join(sourceDir("client"), file), "utf8");
      // A call of fetch, or a fetch picked to call (`options.fetch ?? fetch`), outside comments.
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      if (/\bfetch\s*\(|\?\?\s*fetch\b|globalThis\.fetch\b|\.fetch\s*\?\?/.test(code)) callers.push(slashed(file));
    }
    expect(callers).toEqual(["transport/request-sender.ts"]);
  });
});
