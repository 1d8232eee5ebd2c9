import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installInstructions, packAll } from "./pack-all.ts";
import type { PackedPackage } from "./pack-package.ts";
import { publishedPackages } from "./published-packages.ts";

let destination: string;
let packed: PackedPackage[];
beforeAll(async () => {
  destination = await mkdtemp(join(tmpdir(), "pack-all-"));
  await rm(destination, { recursive: true });
  packed = await packAll(destination);
}, 120_000);
afterAll(async () => {
  await rm(destination, { recursive: true, force: true });
});

describe("pnpm pack:all", () => {
  it("packs every published package into the one folder, built files included", async () => {
    const names = (await publishedPackages()).map((p) => p.manifest.name);
    expect(packed.map((p) => p.name)).toEqual(names);
    expect((await readdir(destination)).sort()).toEqual(
      packed.map((p) => p.tarball.slice(destination.length + 1)).sort(),
    );
    for (const p of packed) {
      expect(existsSync(p.tarball)).toBe(true);
      expect(p.files).toContain("dist/index.js");
      expect(JSON.stringify(p.manifest.dependencies ?? {})).not.toContain("workspace:");
    }
  });

  it("prints dependencies and overrides that pin every package to its tarball", () => {
    const text = installInstructions(packed);
    for (const p of packed) {
      expect(text.split(`${JSON.stringify(p.name)}: ${JSON.stringify(`file:${p.tarball}`)}`)).toHaveLength(4);
    }
    expect(text).toMatch(/until the first release is on the registry/);
  });

  it("prints package.json lines that, pasted as printed, keep the sandbox out of production dependencies", () => {
    const text = installInstructions(packed);
    const block = text.match(/^ {2}"dependencies": \{$[\s\S]*?^ {2}\}$(?=\n\nWith pnpm)/m)?.[0];
    expect(block, "the printed package.json lines").toBeDefined();
    const pasted = JSON.parse(`{${block}}`) as Record<string, Record<string, string>>;
    const pin = (name: string) => `file:${packed.find((p) => p.name === name)?.tarball}`;
    expect(pasted.dependencies).not.toHaveProperty(["@card-processing/sandbox"]);
    expect(pasted.devDependencies).toEqual({ "@card-processing/sandbox": pin("@card-processing/sandbox") });
    expect(Object.keys(pasted.dependencies ?? {}).sort()).toEqual(
      packed.map((p) => p.name).filter((name) => name !== "@card-processing/sandbox"),
    );
    expect(pasted.overrides).toEqual(Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`])));
  });
});
