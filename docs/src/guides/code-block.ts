import { codeToHtml } from "shiki";

/**
 * A file of the repository as a highlighted TypeScript block:
 * `<pre class="shiki"><code class="language-ts" data-file="…">`, its text the file's, character for
 * character. Every code block of a guide page comes from here, so none goes out without its language
 * or its colours, and none is code that CI does not run.
 */
export function codeBlock(code: string, file: string): Promise<string> {
  return codeToHtml(code, {
    lang: "ts",
    theme: "github-light",
    transformers: [
      {
        code(node) {
          node.properties["class"] = "language-ts";
          node.properties["data-file"] = file;
        },
      },
    ],
  });
}

/** `<pre data-file="examples/…"></pre>`: where a guide's `details` shows a file. */
const filePlaceholder = /<pre data-file="([^"]+)"><\/pre>/g;

/**
 * Fills each `<pre data-file="…"></pre>` of a guide's `details` with that file, highlighted.
 * A code block written by hand into the HTML is refused: it would have no language, no colours,
 * and nothing would run it.
 */
export async function withCodeFiles(html: string, read: (file: string) => Promise<string>): Promise<string> {
  const handWritten = html.replace(filePlaceholder, "").match(/<pre[\s>][\s\S]{0,60}/);
  if (handWritten) {
    throw new Error(
      `A guide's details has a hand-written code block (${handWritten[0]}…): put the code in a file that CI runs and show it with <pre data-file="path"></pre>.`,
    );
  }
  const files = [...html.matchAll(filePlaceholder)].map((match) => match[1] ?? "");
  const blocks = new Map(
    await Promise.all(files.map(async (file) => [file, await codeBlock(await read(file), file)] as const)),
  );
  return html.replace(filePlaceholder, (_, file: string) => blocks.get(file) ?? "");
}
