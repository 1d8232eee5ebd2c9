/**
 * Parses the gateway's classic text reply (sent when a request does not ask for the vendor media
 * type): URL-encoded `key=value` pairs, one per line, lines joined by `"\n&"`. Keys and values are
 * decoded and trimmed; an undecodable escape is kept as written. The keys are those of the JSON
 * reply.
 *
 * @example
 * ```ts
 * import { parseClassicReply } from "@card-processing/client";
 * parseClassicReply("type=async-response\n&status=processing\n&paynet-order-id=1234567\n");
 * // { type: "async-response", status: "processing", "paynet-order-id": "1234567" }
 * ```
 */
export function parseClassicReply(text: string): Record<string, string> {
  const reply: Record<string, string> = {};
  // Splitting on "&" alone also covers the "\n&" joins: the newline is trimmed away below.
  for (const piece of text.split("&")) {
    const pair = piece.trim();
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const key = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq)).trim();
    if (key === "") continue;
    reply[key] = eq === -1 ? "" : decodeFormComponent(pair.slice(eq + 1)).trim();
  }
  return reply;
}

/**
 * Tells whether a body looks like the classic text form rather than an HTML page or noise: its
 * first pair has a key of letters, digits, `-` or `_` followed by `=`.
 */
export function looksLikeClassicReply(text: string): boolean {
  return /^\s*&?[A-Za-z0-9_-]+=/.test(text);
}

function decodeFormComponent(value: string): string {
  const spaced = value.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
