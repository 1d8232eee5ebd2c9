/**
 * The width a diagram label takes at 12 px, over-estimated: 7.5 px a character is more than the
 * average of the sans-serif fonts a browser picks for system-ui (DejaVu Sans, the widest of them,
 * averages about 7), so a layout built on it leaves room rather than clip. `docs/guides.test.ts`
 * measures every label of every guide's diagram in Chromium and fails on one that leaves the picture.
 */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * 7.5);
}

/**
 * Breaks a label into lines of at most `maxWidth` (by `labelWidth`), between words. A word wider
 * than that stands on a line of its own: the caller makes room for the widest line it gets back.
 */
export function labelLines(text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && labelWidth(`${last} ${word}`) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [""];
}
