/**
 * The fenced blocks of one language in a Markdown text, in order, without their fences: what a
 * reader copies from a README.
 *
 * @example
 * ```ts
 * fencedBlocks("Install:\n\n```sh\npnpm add @card-processing/client\n```\n", "sh"); // ["pnpm add @card-processing/client\n"]
 * ```
 */
export function fencedBlocks(markdown: string, language: "ts" | "sh"): string[] {
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm");
  return [...markdown.matchAll(fence)].map((match) => match[1] ?? "");
}

/** A README's `ts` block and the id written on the line before its fence. */
export interface NamedBlock {
  readonly id: string;
  readonly code: string;
}

/**
 * The `ts` blocks of a README, each with the id written beside it (`<!-- snippet: ID -->` on the
 * line before its fence), so that adding a block renames no other. A block without an id, or an id
 * used twice, is an error that names the file and the line.
 *
 * @example
 * ```ts
 * namedBlocks("<!-- snippet: hello -->\n```ts\nhello();\n```\n", "README.md"); // [{ id: "hello", code: "hello();\n" }]
 * ```
 */
export function namedBlocks(markdown: string, file: string): NamedBlock[] {
  const fence = /^```ts\n([\s\S]*?)^```$/gm;
  const blocks: NamedBlock[] = [];
  for (const match of markdown.matchAll(fence)) {
    const before = markdown.slice(0, match.index).split("\n");
    const line = before.length;
    const id = /^<!-- snippet: ([a-z0-9][a-z0-9-]*) -->$/.exec(before.at(-2) ?? "")?.[1];
    if (id === undefined)
      throw new Error(`${file}:${line}: a ts block needs "<!-- snippet: some-id -->" on the line before it`);
    if (blocks.some((block) => block.id === id))
      throw new Error(`${file}:${line}: the snippet id "${id}" is used twice`);
    blocks.push({ id, code: match[1] ?? "" });
  }
  return blocks;
}
