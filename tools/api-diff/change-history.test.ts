import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiChangeHistory } from "./change-history.ts";
import { createFixtureRepo, type FixtureRepo } from "./fixture-repo.testlib.ts";

let repo: FixtureRepo;

beforeEach(async () => {
  repo = await createFixtureRepo();
});

afterEach(async () => {
  await repo.remove();
});

const summary = (changes: ReadonlyArray<{ operation: string; rule: { id: string } }>) =>
  changes.map((c) => `${c.operation} ${c.rule.id}`);

describe("the API changes per release", () => {
  it("diffs consecutive releases, newest first, the unreleased changes on top", async () => {
    await repo.release("reply-field-added"); // first release: the sale operation appears
    await repo.writeSpec("reply-field-added", "head");
    await repo.git("commit", "-qam", "Spec: a serial number in the reply");
    await repo.git("commit", "-q", "--allow-empty", "-m", "Version packages");
    await repo.writeSpec("operation-removed", "base"); // unreleased: a void operation, no serial, a status enum
    const history = await apiChangeHistory(repo.dir);
    expect(history.map((h) => h.release?.label ?? "unreleased")).toEqual([
      "unreleased",
      "Version packages",
      "Version packages",
    ]);
    expect(history.map((h) => h.since.label)).toEqual(["Version packages", "Version packages", "First commit"]);
    expect(summary(history[0]?.changes ?? [])).toEqual([
      "sale reply-field-removed",
      "sale reply-enum-narrowed",
      "void operation-added",
    ]);
    expect(summary(history[1]?.changes ?? [])).toEqual(["sale reply-field-added"]);
    expect(summary(history[2]?.changes ?? [])).toEqual(["sale operation-added"]);
  });

  it("lists the changes since the first commit as unreleased before any release", async () => {
    await repo.writeSpec("operation-added", "head");
    const history = await apiChangeHistory(repo.dir);
    expect(history).toHaveLength(1);
    expect(history[0]?.release).toBeUndefined();
    expect(history[0]?.since).toMatchObject({ label: "First commit", isRelease: false });
    expect(summary(history[0]?.changes ?? [])).toEqual(["sale operation-added", "void operation-added"]);
  });
});
