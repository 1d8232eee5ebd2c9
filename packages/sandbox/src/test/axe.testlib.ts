import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One rule axe-core found broken on a page, with how bad it is and the elements it found. */
export interface AxeFinding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) in `page` and returns its
 * violations. The script is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the page is checked with its real headers.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    const { violations } = await axe.run();
    return (violations as { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]).map(
      (v) => ({ id: v.id, impact: v.impact ?? "none", help: v.help, targets: v.nodes.map((n) => String(n.target[0])) }),
    );
  });
}

/** The number of findings at each impact (`critical`, `serious`, `moderate`, `minor`). */
export function countByImpact(findings: readonly AxeFinding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.impact] = (counts[f.impact] ?? 0) + f.targets.length;
  return counts;
}
