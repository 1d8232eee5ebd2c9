import { createHash } from "node:crypto";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  h1 { font-size: 1.3rem; }
  .banner { background: #fff4ce; border: 1px solid #e5c767; padding: .4rem .7rem; font-size: .85rem; }
  label { display: block; margin-top: .8rem; font-weight: 600; }
  input { width: 100%; padding: .45rem; font-size: 1rem; box-sizing: border-box; }
  input[aria-invalid="true"] { border: 2px solid #a4000f; }
  button { margin-top: 1.2rem; padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
  .error { color: #a4000f; font-weight: 600; margin: .2rem 0 0; }
  .amount { font-size: 1.4rem; font-weight: 700; }
  .secondary { background: none; border: 0; padding: 0; color: #1d4ed8; text-decoration: underline; }
`;

/** The one script a page runs: the return page's form submits itself, as the gateway's does. */
export const autoSubmitScript = `document.getElementById("return").submit();`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The pages' Content-Security-Policy: nothing loads but their own style and the return page's
 * script (by hash), and no other site may frame them (`frame-ancestors 'none'`), so a page of
 * another origin cannot lay itself over the card form.
 */
export const pageContentSecurityPolicy = [
  "default-src 'none'",
  `style-src ${sha256(style)}`,
  `script-src ${sha256(autoSubmitScript)}`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** A complete page in the sandbox's plain style: `body` goes inside `<main>`. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<header><p class="banner">Card-processing sandbox: test page, no real money moves.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}
