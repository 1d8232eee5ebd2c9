import { describe, expect, it } from "vitest";
import { importGraph, importsUpward, roomGraph, roomOf } from "./import-graph.js";

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
  // The Gateway interface; telemetry wraps a gateway's calls and is loaded through its hook only.
  ["gateway-types.ts", "telemetry"],
  // The openapi-fetch client, the generated operation methods, and recovery (recover, sendOnce, the report).
  ["create-client.ts", "generated", "recovery"],
  // The fetch of one request: address rule, deadline, form body, request log, unsent requests.
  ["transport"],
  // The status poller, its schedule and clock, and the caller's signal ending a call or a wait.
  ["polling"],
  // The family under GatewayError, the result union, the error a reply reads as, option-key checks.
  ["errors"],
  // Reading a reply (either form, next step, required keys, money advice); redaction of secrets and personal data.
  ["replies", "redaction"],
];

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
});
