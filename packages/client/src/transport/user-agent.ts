/** What the runtime's globals may say about it, read without importing anything from `node:`. */
interface RuntimeGlobals {
  readonly Deno?: { readonly version?: { readonly deno?: string } };
  readonly Bun?: { readonly version?: string };
  readonly process?: { readonly versions?: { readonly node?: string } };
  readonly navigator?: { readonly userAgent?: string };
}

/** The runtime a request leaves from (`node/20.20.0`, `deno/2.1.4`, `bun/1.2.0`, a browser's own string), or `unknown`. */
export function runtimeName(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string {
  const found =
    (globals.Deno?.version?.deno && `deno/${globals.Deno.version.deno}`) ||
    (globals.Bun?.version && `bun/${globals.Bun.version}`) ||
    (globals.process?.versions?.node && `node/${globals.process.versions.node}`) ||
    globals.navigator?.userAgent ||
    "unknown";
  // A header value holds visible ASCII; a comment in it keeps its parentheses balanced by having none.
  return found.replace(/[^\x20-\x7e]|[()]/g, "").trim() || "unknown";
}

/**
 * The `User-Agent` every request carries: `card-processing-sdk/<version> (<runtime>)`, with the
 * `userAgent` option appended after a space (`card-processing-sdk/0.3.0 (node/20.20.0) shop/1.4`),
 * so the gateway's operators always see which SDK sent a request. The client passes its generated
 * `version`.
 */
export function userAgentHeader(sdkVersion: string, userAgent: string | undefined): string {
  const sdk = `card-processing-sdk/${sdkVersion} (${runtimeName()})`;
  return userAgent === undefined ? sdk : `${sdk} ${userAgent}`;
}
