/**
 * The gateway's classic text form of a reply (sent when a request does not ask for the vendor
 * media type): URL-encoded `key=value` pairs, one a line, lines joined by `"\n&"`. A list (one
 * object per item, as get-balance answers) is its items' pairs one after another: an item starts
 * where a key of the item before comes again.
 *
 * @example
 * ```ts
 * import { parseClassicPairs } from "@card-processing/types";
 * parseClassicPairs("type=async-response\n&paynet-order-id=1234567\n");
 * // [["type", "async-response"], ["paynet-order-id", "1234567"]]
 * ```
 */
export function parseClassicPairs(text: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  // Splitting on "&" alone also covers the "\n&" joins: the newline is trimmed away below.
  for (const piece of text.split("&")) {
    const pair = piece.trim();
    if (pair === "") continue;
    // A piece without a key and "=" (an HTML page, a proxy's text) is not the classic form.
    if (!/^[^=<>]+=/.test(pair)) return undefined;
    const eq = pair.indexOf("=");
    const key = decodeFormComponent(pair.slice(0, eq)).trim();
    if (key === "") return undefined;
    pairs.push([key, decodeFormComponent(pair.slice(eq + 1)).trim()]);
  }
  return pairs.length === 0 ? undefined : pairs;
}

/**
 * The items of a classic list: a new item starts at each key the current item already has.
 *
 * @example
 * ```ts
 * import { classicItems } from "@card-processing/types";
 * classicItems([["balance-amount", "29.99"], ["balance-amount", "5"]]);
 * // [{ "balance-amount": "29.99" }, { "balance-amount": "5" }]
 * ```
 */
export function classicItems(pairs: readonly (readonly [string, string])[]): Record<string, string>[] {
  const items: Record<string, string>[] = [];
  let item: Record<string, string> | undefined;
  for (const [key, value] of pairs) {
    if (item === undefined || key in item) {
      item = {};
      items.push(item);
    }
    item[key] = value;
  }
  return items;
}

/**
 * The classic text of a reply: one object's keys, or a list's items one after another, each
 * `key=value` URL-encoded on its own line, lines joined by `"\n&"`, as the documented gateway
 * writes it. Keys whose value is `undefined` are left out.
 *
 * @example
 * ```ts
 * import { classicText } from "@card-processing/types";
 * classicText([{ "balance-amount": 29.99 }]); // "balance-amount=29.99\n"
 * ```
 */
export function classicText(
  body: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[],
): string {
  const items = Array.isArray(body) ? body : [body];
  const lines = items.flatMap((item: Readonly<Record<string, unknown>>) =>
    Object.entries(item)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => new URLSearchParams([[key, String(value)]]).toString()),
  );
  return `${lines.join("\n&")}\n`;
}

function decodeFormComponent(value: string): string {
  const spaced = value.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    // An undecodable escape is kept as written.
    return spaced;
  }
}
