// The routes of a sandbox that a callback must never reach: the admin API and the dashboard.
const ADMIN_PREFIXES = ["/paynet/_admin", "/paynet/_dashboard"] as const;

/**
 * The admin prefix (`/paynet/_admin` or `/paynet/_dashboard`) that `url` points under, or
 * `undefined`. A callback there would make the sandbox read its own admin routes (or another
 * sandbox's on the machine) and show the start of the answer in `/paynet/_admin/callbacks`.
 * The path is read as the sandbox's router reads it (the WHATWG parser, as `fetch` sends it), on
 * any host and port: a name can resolve to the sandbox whatever it says, and no shop's callback
 * endpoint lives there.
 */
export function adminRouteIn(url: string): string | undefined {
  const path = URL.parse(url)?.pathname;
  if (path === undefined) return undefined;
  return ADMIN_PREFIXES.find((prefix) => path === prefix || path.startsWith(prefix));
}
