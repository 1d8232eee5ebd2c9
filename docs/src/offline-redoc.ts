// Redoc's sidebar footer ("API docs by Redocly") loads its logo from cdn.redoc.ly even when the
// bundle is inlined. The logo is replaced by an inline SVG wordmark, so the attribution stays
// and the page makes no request off the machine that serves it.

const wordmark = (width: number, text: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20">` +
      `<text x="0" y="15" font-family="system-ui,sans-serif" font-size="14" font-weight="600" fill="#0044d4">${text}</text></svg>`,
  )}`;

const REMOTE_ASSETS: ReadonlyArray<readonly [string, string]> = [
  ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", wordmark(64, "Redocly")],
  ["https://cdn.redoc.ly/redoc/logo-mini.svg", wordmark(16, "R")],
];

/**
 * Replaces the remote assets the Redoc bundle would fetch with inline data URLs. Throws when one
 * is no longer there, so an upgrade of Redoc that moves them is noticed instead of going online.
 */
export function offlineRedoc(html: string): string {
  let out = html;
  for (const [remote, inline] of REMOTE_ASSETS) {
    if (!out.includes(remote)) {
      throw new Error(`The Redoc bundle no longer references ${remote}; review docs/src/offline-redoc.ts.`);
    }
    out = out.split(remote).join(inline);
  }
  return out;
}
