/**
 * The keys of a reply in the gateway's classic text form (URL-encoded `key=value` pairs, one a
 * line, lines joined by `"\n&"`), or `undefined` when the text is not in that form (an HTML page).
 */
export function parseClassicReply(text: string): Record<string, string> | undefined {
  if (/^\s*</.test(text)) return undefined;
  const body: Record<string, string> = {};
  let pairs = 0;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").replace(/^&/, "");
    if (line.trim() === "") continue;
    if (!/^[^=\s]+=/.test(line)) return undefined;
    for (const [key, value] of new URLSearchParams(line)) {
      body[key] = value;
      pairs += 1;
    }
  }
  return pairs === 0 ? undefined : body;
}
