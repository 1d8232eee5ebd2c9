import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { checkApiVersion } from "./check-api-version.ts";

const run = promisify(execFile);
const fixtures = join(import.meta.dirname, "fixtures");
const packages = ["types", "client", "signing", "sandbox"];
let repo: string;

async function git(...args: string[]): Promise<void> {
  await run("git", ["-c", "user.name=test", "-c", "user.email=test@example.invalid", ...args], { cwd: repo });
}

/** Writes the `head` spec of a rule's fixture pair (or its `base`) as the repo's spec. */
async function writeSpec(rule: string, side: "base" | "head"): Promise<void> {
  const pair = parse(await readFile(join(fixtures, `${rule}.yaml`), "utf8"));
  await writeFile(join(repo, "spec/openapi.yaml"), stringify({ info: { title: "t", version: "1" }, ...pair[side] }));
}

async function changeset(name: string, bump: string): Promise<void> {
  const lines = ["@card-processing/types", "@card-processing/client"].map((p) => `"${p}": ${bump}`);
  await writeFile(join(repo, ".changeset", `${name}.md`), `---\n${lines.join("\n")}\n---\n\nA change.\n`);
}

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), "api-version-"));
  await mkdir(join(repo, "spec"));
  await mkdir(join(repo, ".changeset"));
  await writeFile(join(repo, "redocly.yaml"), "apis:\n  main:\n    root: spec/openapi.yaml\n");
  for (const dir of packages) {
    await mkdir(join(repo, "packages", dir), { recursive: true });
    const manifest = { name: `@card-processing/${dir}`, version: "0.3.0" };
    await writeFile(join(repo, "packages", dir, "package.json"), JSON.stringify(manifest));
  }
  await git("init", "-q");
  await writeFile(join(repo, "spec/openapi.yaml"), "openapi: 3.1.0\ninfo: {title: t, version: '0'}\npaths: {}\n");
  await git("add", "-A");
  await git("commit", "-qm", "First commit");
});

afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

async function release(rule: string): Promise<void> {
  await writeSpec(rule, "base");
  await git("add", "-A");
  await git("commit", "-qm", "Version packages");
}

describe("check:api-version", () => {
  it("fails on a breaking change since the last release without a changeset, listing it", async () => {
    await release("request-field-now-required");
    await writeSpec("request-field-now-required", "head");
    const result = await checkApiVersion(repo);
    expect(result.since).toMatchObject({ label: "Version packages", isRelease: true });
    expect(result.breaking.map((c) => `${c.operation}: ${c.text}`)).toEqual(["sale: request field email: required false → true"]);
    expect(result.missing).toEqual([
      { name: "@card-processing/client", needed: "minor", pending: undefined },
      { name: "@card-processing/types", needed: "minor", pending: undefined },
    ]);
  });

  it("exits 1 from the command line with the breaking changes in its message", async () => {
    await release("reply-enum-widened");
    await writeSpec("reply-enum-widened", "head");
    const tsx = join(import.meta.dirname, "../../node_modules/.bin/tsx");
    const failure = await run(tsx, [join(import.meta.dirname, "check-api-version.ts")], { cwd: repo }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('- `sale`: reply 200 status: enum ["approved","declined"] → ["approved","declined","filtered"]');
    expect(failure?.stderr).toContain("@card-processing/types needs a minor bump (pending: none)");
  });

  it("takes a release tag as the last release when no commit says Version packages", async () => {
    await writeSpec("reply-field-removed", "base");
    await git("add", "-A");
    await git("commit", "-qm", "Spec for 0.3.0");
    await git("tag", "@card-processing/types@0.3.0");
    await writeSpec("reply-field-removed", "head");
    const result = await checkApiVersion(repo);
    expect(result.since).toMatchObject({ label: "@card-processing/types@0.3.0", isRelease: true });
    expect(result.breaking.map((c) => c.rule.id)).toEqual(["reply-field-removed"]);
  });

  it("fails with a patch changeset and passes with a minor one below 1.0.0", async () => {
    await release("request-field-now-required");
    await writeSpec("request-field-now-required", "head");
    await changeset("small", "patch");
    expect((await checkApiVersion(repo)).missing.map((m) => m.pending)).toEqual(["patch", "patch"]);
    await changeset("breaking", "minor");
    expect((await checkApiVersion(repo)).missing).toEqual([]);
  });

  it("passes an additive change with a patch changeset", async () => {
    await release("request-field-added-optional");
    await writeSpec("request-field-added-optional", "head");
    await changeset("additive", "patch");
    const result = await checkApiVersion(repo);
    expect(result.breaking).toEqual([]);
    expect(result.missing).toEqual([]);
  });

  it("asks signing and sandbox for a bump too when the signature terms change", async () => {
    await release("signature-changed");
    await writeSpec("signature-changed", "head");
    await changeset("terms", "minor");
    expect((await checkApiVersion(repo)).missing.map((m) => m.name)).toEqual([
      "@card-processing/sandbox",
      "@card-processing/signing",
    ]);
  });

  it("counts from the first commit before any release", async () => {
    await writeSpec("reply-field-removed", "head");
    const result = await checkApiVersion(repo);
    expect(result.since).toMatchObject({ label: "First commit", isRelease: false });
    expect(result.breaking).toEqual([]);
  });
});
