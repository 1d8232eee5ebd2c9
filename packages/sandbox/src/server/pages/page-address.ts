/** The pages' prefix under `/paynet`: every address below it answers a page, never the API's reply. */
export function isPagePath(path: string): boolean {
  return /^\/(hosted|acs)(\/|$)/.test(path);
}

/** The page an address names: its kind and token, or the canonical address to send a near miss to. */
export type PageAddress =
  | { readonly kind: "hosted" | "acs"; readonly token: string }
  | { readonly kind: "moved"; readonly location: string }
  | { readonly kind: "none" };

/**
 * Reads `/hosted/{token}` or `/acs/{token}` (a token is lowercase hex). A link mangled on its way
 * (a trailing `/`, the token in capitals) is sent to its canonical address with a 308, which keeps
 * a POST a POST; anything else names no page.
 */
export function pageAddressOf(path: string, prefix: string): PageAddress {
  const exact = /^\/(hosted|acs)\/([0-9a-f]{1,64})$/.exec(path);
  if (exact !== null) return { kind: exact[1] === "acs" ? "acs" : "hosted", token: exact[2] ?? "" };
  const near = /^\/(hosted|acs)\/([0-9a-fA-F]{1,64})\/*$/.exec(path);
  if (near !== null) return { kind: "moved", location: `${prefix}/${near[1]}/${(near[2] ?? "").toLowerCase()}` };
  return { kind: "none" };
}
