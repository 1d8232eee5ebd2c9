import type { SequenceDiagram } from "./sequence-diagram.ts";

/** One guide of the docs site: a flow told in order, its diagram, its code and its pitfalls. */
export interface Guide {
  /** The page's file name without `.html`. */
  readonly slug: string;
  readonly title: string;
  /** One sentence for the guide list and the search results. */
  readonly summary: string;
  /** HTML before the diagram: what happens and what to store. */
  readonly intro: string;
  readonly diagram: SequenceDiagram;
  /** The guide's program, relative to the repository root; the page shows it as it is. */
  readonly codeFile: string;
  /** HTML after the code (tables, notes); optional. */
  readonly details?: string;
  /** "What can go wrong": one HTML list item each. */
  readonly pitfalls: readonly string[];
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
