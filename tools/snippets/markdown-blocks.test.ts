import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { collectSnippets } from "./collect-snippets.ts";
import { namedBlocks } from "./markdown-blocks.ts";

const repoRoot = new URL("../..", import.meta.url).pathname;

describe("namedBlocks", () => {
  it("names each ts block by the id written before it, so a block added first renames no other", () => {
    const readme = "<!-- snippet: pay -->\n```ts\npay();\n```\n\n<!-- snippet: refund -->\n```ts\nrefund();\n```\n";
    const added = `<!-- snippet: setup -->\n\`\`\`ts\nsetup();\n\`\`\`\n\n${readme}`;
    expect(namedBlocks(readme, "README.md")).toEqual([
      { id: "pay", code: "pay();\n" },
      { id: "refund", code: "refund();\n" },
    ]);
    expect(namedBlocks(added, "README.md").slice(1)).toEqual(namedBlocks(readme, "README.md"));
  });

  it("refuses a block without an id, naming the file and line", () => {
    expect(() => namedBlocks("Intro\n\n```ts\npay();\n```\n", "packages/client/README.md")).toThrow(
      /^packages\/client\/README\.md:3: a ts block needs "<!-- snippet: some-id -->"/,
    );
  });

  it("refuses an id used twice", () => {
    const twice = "<!-- snippet: pay -->\n```ts\na();\n```\n<!-- snippet: pay -->\n```ts\nb();\n```\n";
    expect(() => namedBlocks(twice, "README.md")).toThrow(/README\.md:6: the snippet id "pay" is used twice/);
  });

  it("leaves no README block of the repository without an id", async () => {
    const { snippets } = await collectSnippets(repoRoot);
    const fromReadmes = snippets.filter((snippet) => !snippet.name.startsWith("example-"));
    const fenced = await Promise.all(
      ["README.md", ...(await readdir(`${repoRoot}packages`)).map((p) => `packages/${p}/README.md`)].map(
        async (file) =>
          ((await readFile(`${repoRoot}${file}`, "utf8").catch(() => "")).match(/^```ts$/gm) ?? []).length,
      ),
    );
    expect(fromReadmes.length).toBe(fenced.reduce((a, b) => a + b, 0));
  });
});
