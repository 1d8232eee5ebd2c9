import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const scripts = Object.keys(
  (JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
);
const readme = await readFile(join(repoRoot, "README.md"), "utf8");

/**
 * pnpm's own commands and their aliases, read from the help of the pnpm the repository pins: a
 * word shown after `pnpm` that is one of them runs pnpm's command, not a root script of that name.
 */
function pnpmBuiltins(): Set<string> {
  const help = execFileSync(join(repoRoot, "node_modules/.bin/pnpm"), ["help"], { encoding: "utf8" });
  const commands = help.slice(help.indexOf("\nCommands:"), help.indexOf("\nOptions:"));
  const names = new Set<string>();
  for (const line of commands.split("\n")) {
    const match = /^ {2}([a-z][\w-]*) {2,}(.*)$/.exec(line);
    if (match === null) continue;
    names.add(match[1] ?? "");
    const aliases = /\[alias(?:es)?: ([^\]]+)\]/.exec(match[2] ?? "")?.[1] ?? "";
    for (const alias of aliases.split(",")) if (alias.trim() !== "") names.add(alias.trim());
  }
  return names;
}

// pnpm's commands that run the package's script of the same name.
const scriptRunners = new Set(["test", "t", "tst", "start", "stop", "restart"]);

/** Every `pnpm@<version> <word> [<next>]` the README shows, in code or prose. */
function pnpmCommands(markdown: string): { word: string; next: string | undefined; text: string }[] {
  return [...markdown.matchAll(/pnpm@[\d.]+ ([\w:-]+)(?: ([\w:-]+))?/g)].map((m) => ({
    word: m[1] ?? "",
    next: m[2],
    text: m[0],
  }));
}

describe("the pnpm commands of README.md", () => {
  const builtins = pnpmBuiltins();

  it("reads pnpm's own commands from its help", () => {
    expect(builtins.has("install")).toBe(true);
    expect(builtins.has("docs"), "pnpm docs opens a package's documentation").toBe(true);
  });

  it("finds the commands the README shows", () => {
    expect(pnpmCommands(readme).length).toBeGreaterThanOrEqual(5);
  });

  it.each(pnpmCommands(readme))("$text runs what the README means", ({ word, next, text }) => {
    if (word === "run") {
      expect(scripts, `${text}: a root script`).toContain(next);
      return;
    }
    if (scripts.includes(word)) {
      // pnpm runs a script by its bare name only when no command of pnpm's has that name.
      expect(
        !builtins.has(word) || scriptRunners.has(word),
        `${text}: pnpm has its own \`${word}\`; write \`run ${word}\``,
      ).toBe(true);
      return;
    }
    expect(builtins.has(word), `${text}: neither a root script nor a pnpm command`).toBe(true);
  });
});
