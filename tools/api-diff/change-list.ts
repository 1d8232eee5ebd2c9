/**
 * Writes a list of spec changes as Markdown: breaking changes first, each line naming the
 * operation and the field, for the terminal, a changeset body and the docs' API changes page.
 */
import type { SpecChange } from "./spec-changes.ts";

/**
 * Renders changes as two Markdown lists under "Breaking" and "Additive" headings (empty string
 * when there are none).
 *
 * @example
 * ```ts
 * console.log(changeList(specChanges(before, after)));
 * // **Breaking** ...\n- `sale`: request field email: maxLength 254 → 50
 * ```
 */
export function changeList(changes: readonly SpecChange[]): string {
  const sections: string[] = [];
  for (const [kind, heading] of [
    ["breaking", "Breaking"],
    ["additive", "Additive"],
  ] as const) {
    const lines = changes.filter((c) => c.rule.kind === kind).map((c) => `- \`${c.operation}\`: ${c.text}`);
    if (lines.length > 0) sections.push(`**${heading}** (${lines.length})\n\n${lines.join("\n")}`);
  }
  return sections.join("\n\n");
}
