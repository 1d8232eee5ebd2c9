import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkApiVersion } from "./check-api-version.ts";
import { createFixtureRepo, type FixtureRepo } from "./fixture-repo.testlib.ts";

const run = promisify(execFile);
let repo: FixtureRepo;

beforeEach(async () => {
  repo = await createFixtureRepo();
});

afterEach(async () => {
  await repo.remove();
});

describe("check:api-version", () => {
  it("fails on a breaking change since the last release without a changeset, listing it", async () => {
    await repo.release("request-field-now-required");
    await repo.writeSpec("request-field-now-required", "head");
    const result = await checkApiVersion(repo.dir);
    expect(result.since).toMatchObject({ label: "Version packages", isRelease: true });
    expect(result.breaking.map((c) => `${c.operation}: ${c.text}`)).toEqual([
      "sale: request field email: required false → true",
    ]);
    expect(result.missing).toEqual([
      { name: "@card-processing/client", needed: "minor", pending: undefined },
      { name: "@card-processing/types", needed: "minor", pending: undefined },
    ]);
  });

  it("exits 1 from the command line with the breaking changes in its message", async () => {
    await repo.release("reply-enum-widened");
    await repo.writeSpec("reply-enum-widened", "head");
    const tsx = join(import.meta.dirname, "../../node_modules/.bin/tsx");
    const failure = await run(tsx, [join(import.meta.dirname, "check-api-version.ts")], { cwd: repo.dir }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      '- `sale`: reply 200 status: enum ["approved","declined"] → ["approved","declined","filtered"]',
    );
    expect(failure?.stderr).toContain("@card-processing/types needs a minor bump (pending: none)");
  });

  it("takes a release tag as the last release when no commit says Version packages", async () => {
    await repo.writeSpec("reply-field-removed", "base");
    await repo.git("add", "-A");
    await repo.git("commit", "-qm", "Spec for 0.3.0");
    await repo.git("tag", "@card-processing/types@0.3.0");
    await repo.writeSpec("reply-field-removed", "head");
    const result = await checkApiVersion(repo.dir);
    expect(result.since).toMatchObject({ label: "@card-processing/types@0.3.0", isRelease: true });
    expect(result.breaking.map((c) => c.rule.id)).toEqual(["reply-field-removed"]);
  });

  it("fails with a patch changeset and passes with a minor one below 1.0.0", async () => {
    await repo.release("request-field-now-required");
    await repo.writeSpec("request-field-now-required", "head");
    await repo.changeset("small", "patch");
    expect((await checkApiVersion(repo.dir)).missing.map((m) => m.pending)).toEqual(["patch", "patch"]);
    await repo.changeset("breaking", "minor");
    expect((await checkApiVersion(repo.dir)).missing).toEqual([]);
  });

  it("passes an additive change with a patch changeset", async () => {
    await repo.release("request-field-added-optional");
    await repo.writeSpec("request-field-added-optional", "head");
    await repo.changeset("additive", "patch");
    const result = await checkApiVersion(repo.dir);
    expect(result.breaking).toEqual([]);
    expect(result.missing).toEqual([]);
  });

  it("asks signing and sandbox for a bump too when the signature terms change", async () => {
    await repo.release("signature-changed");
    await repo.writeSpec("signature-changed", "head");
    await repo.changeset("terms", "minor");
    expect((await checkApiVersion(repo.dir)).missing.map((m) => m.name)).toEqual([
      "@card-processing/sandbox",
      "@card-processing/signing",
    ]);
  });

  it("counts from the first commit before any release", async () => {
    await repo.writeSpec("reply-field-removed", "head");
    const result = await checkApiVersion(repo.dir);
    expect(result.since).toMatchObject({ label: "First commit", isRelease: false });
    expect(result.breaking).toEqual([]);
  });
});
