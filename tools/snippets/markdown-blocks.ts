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
