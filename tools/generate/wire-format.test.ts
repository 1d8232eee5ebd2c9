import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type BundledSpec, bundleSpec } from "./bundle-spec.ts";
import { emitWireFormat, mediaTypesOf, operationPathPrefixes } from "./wire-format.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("the wire format generator", () => {
  let spec: BundledSpec;
  beforeAll(async () => {
    spec = await bundleSpec(repoRoot);
  });

  it("reads the one request media type and the one reply media type from the spec's operations", () => {
    expect(mediaTypesOf(spec)).toEqual({
      form: "application/x-www-form-urlencoded",
      vendor: "application/vnd.pay+json",
    });
    const emitted = emitWireFormat(spec);
    expect(emitted).toContain('export const VENDOR_MEDIA_TYPE = "application/vnd.pay+json";');
    expect(emitted).toContain('export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";');
  });

  it("refuses a spec whose operations disagree on a media type, naming what it found", () => {
    const broken = structuredClone(spec);
    const sale = broken.paths["/api/v2/sale/{endpointId}"].post;
    sale.requestBody.content["application/json"] = sale.requestBody.content["application/x-www-form-urlencoded"];
    expect(() => mediaTypesOf(broken)).toThrow(
      'every operation must use one request body media type; the spec has ["application/x-www-form-urlencoded","application/json"]',
    );
  });

  it("keys every path template by the text before its endpoint id", () => {
    const prefixes = operationPathPrefixes(spec);
    const posts = Object.values(spec.paths as Record<string, { post?: unknown }>).filter((item) => item.post);
    expect(posts.length).toBeGreaterThan(0);
    expect(Object.keys(prefixes)).toHaveLength(posts.length);
    expect(prefixes["/api/v2/make-rebill/"]).toBe("/api/v2/make-rebill/{endpointId}");
    expect(prefixes["/api/3ds/v1/upload-cres-result/"]).toBe("/api/3ds/v1/upload-cres-result/{endpointId}");
  });

  it("refuses a path template that does not end in its endpoint id, or one a request path could not tell apart", () => {
    const trailing = structuredClone(spec);
    trailing.paths["/api/v2/sale/{endpointId}/confirm"] = trailing.paths["/api/v2/sale/{endpointId}"];
    expect(() => operationPathPrefixes(trailing)).toThrow(
      "/api/v2/sale/{endpointId}/confirm: every path template must end in /{endpointId} and hold no other parameter",
    );
    const ambiguous = structuredClone(spec);
    ambiguous.paths["/shop/api/v2/sale/{endpointId}"] = ambiguous.paths["/api/v2/sale/{endpointId}"];
    expect(() => operationPathPrefixes(ambiguous)).toThrow(
      "/shop/api/v2/sale/{endpointId} ends in /api/v2/sale/{endpointId}: a request path would match both",
    );
  });
});
