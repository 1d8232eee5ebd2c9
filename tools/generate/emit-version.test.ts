import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { version } from "../../packages/client/src/index.ts";
import { emitClientVersion } from "./emit-version.ts";

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../packages/client");

describe("the client's version constant", () => {
  it("is the version of the client's package.json, exported by the client", async () => {
    const { version: inPackage } = JSON.parse(await readFile(join(clientDir, "package.json"), "utf8")) as {
      version: string;
    };
    expect(version).toBe(inPackage);
  });

  it("is written from whatever version the package.json holds, as `changeset version` leaves it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "client-version-"));
    try {
      await writeFile(
        join(dir, "package.json"),
        JSON.stringify({ name: "@card-processing/client", version: "1.2.3-next.4" }),
      );
      const emitted = await emitClientVersion(dir);
      expect(emitted).toContain('export const version = "1.2.3-next.4";');
      expect(emitted).toMatch(/^\/\/ This file is generated from packages\/client\/package\.json/);
      expect(emitted).toContain("@example");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
