/**
 * The fenced `ts` blocks of every TSDoc `@example` in a TypeScript source, in order, with the
 * comment's leading ` * ` removed and the escaped comment end (star, backslash, slash) that an
 * example writes inside a comment read back as a comment end.
 */
export function tsdocExamples(source: string): string[] {
  const blocks: string[] = [];
  for (const comment of source.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    const text = comment
      .split("\n")
      .map((line) => line.replace(/^\s*\*( |$)/, ""))
      .join("\n");
    for (const tag of text.split(/^@example\b/m).slice(1)) {
      // The example's text ends where the next block tag begins.
      const body = tag.split(/^@(?!example)\w+/m)[0] ?? "";
      const match = /^```ts\n([\s\S]*?)^```$/m.exec(body);
      if (match) blocks.push((match[1] ?? "").replaceAll("*\\/", "*/"));
    }
  }
  return blocks;
}
