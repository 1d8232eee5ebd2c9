/** Percent-escapes decoded once; an escape that is not valid UTF-8 is decoded byte by byte as Latin-1. */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * The segments of `pathname` as the most lenient server behind the proxy could read them: escapes
 * decoded until none is left (`%255F` is `_`), compatibility forms folded (`＿` is `_`), in lower
 * case, `\` taken as `/`, empty segments dropped (`//`), dot segments resolved (`/./`, `..`), and
 * spaces around a segment and dots after it cut (`_admin.` is `_admin`, as Windows servers read it).
 */
function leniently(pathname: string): string[] {
  // Each round that decodes something makes the text shorter, so this ends.
  let text = pathname;
  for (let decoded = decodedOnce(text); decoded !== text; decoded = decodedOnce(text)) text = decoded;
  const segments: string[] = [];
  for (const written of text.normalize("NFKC").toLowerCase().split(/[/\\]/)) {
    const segment = written.trim();
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment.replace(/[.\s]+$/, ""));
  }
  return segments;
}

/**
 * Whether `pathname` (a request target's path, as the WHATWG parser gives it) is a tool's own
 * route rather than the gateway API's: any segment beginning with `_`, however spelled
 * (`/paynet/_admin/orders`, `/paynet/%5Fadmin`, `/PAYNET//_Dashboard.`, `/paynet/api/../_proxy`).
 * The sandbox's admin routes and dashboard and the validation proxy's page live there, and the
 * API has no such path, so the proxy forwards none of them: a page that reaches the proxy cannot
 * reach a sandbox's admin behind it, and nothing meant for the proxy goes to the upstream.
 *
 * For example:
 * ```text
 * isToolRoute("/paynet/%5Fadmin/faults"); // true
 * isToolRoute("/paynet/api/v2/sale/1111"); // false
 * ```
 */
export function isToolRoute(pathname: string): boolean {
  return leniently(pathname).some((segment) => segment.startsWith("_"));
}
