import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "./src/paths.ts";
import { specDownloads, writeSpecDownloads } from "./src/spec-downloads.ts";

const bundledText = readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8");
interface BundledSpec {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly externalDocs: { readonly url: string };
}
const bundled = JSON.parse(bundledText) as BundledSpec;
let apiDir: string;

beforeAll(async () => {
  apiDir = await mkdtemp(join(tmpdir(), "spec-downloads-"));
  await writeSpecDownloads(repoRoot, apiDir);
});
afterAll(async () => {
  await rm(apiDir, { recursive: true, force: true });
});

describe("the spec as a download beside the API reference", () => {
  it("writes openapi.json as the bundled spec, byte for byte", async () => {
    expect(await readFile(join(apiDir, specDownloads.json), "utf8")).toBe(bundledText);
  });

  it("writes openapi.yaml that parses to the bundled spec", async () => {
    expect(parse(await readFile(join(apiDir, specDownloads.yaml), "utf8"))).toEqual(bundled);
  });

  it("writes the Postman collection, one request per operation, in Collection v2.1", async () => {
    const collection = JSON.parse(await readFile(join(apiDir, specDownloads.postman), "utf8"));
    expect(collection.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");
    const operations = Object.values(bundled.paths).flatMap((item) => Object.keys(item));
    const requests = (collection.item as Array<{ item: unknown[] }>).flatMap((folder) => folder.item);
    expect(requests).toHaveLength(operations.length);
  });

  it("offers every download through Redoc's download button, by the address it is written at", () => {
    const config = parse(readFileSync(join(repoRoot, "docs/redocly.yaml"), "utf8"));
    expect(config.openapi.hideDownloadButtons).toBe(false);
    expect(config.openapi.downloadUrls.map((d: { url: string }) => d.url).sort()).toEqual(
      Object.values(specDownloads).sort(),
    );
  });

  it("is linked from the README, at the docs site's api/ folder", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const site = bundled.externalDocs.url.replace(/\/$/, "");
    for (const file of [specDownloads.yaml, specDownloads.json, specDownloads.postman])
      expect(readme).toContain(`${site}/api/${file}`);
  });
});
