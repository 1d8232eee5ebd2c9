/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A complete page in the sandbox's plain style. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  h1 { font-size: 1.3rem; }
  .banner { background: #fff4ce; border: 1px solid #e5c767; padding: .4rem .7rem; font-size: .85rem; }
  label { display: block; margin-top: .8rem; font-weight: 600; }
  input { width: 100%; padding: .45rem; font-size: 1rem; box-sizing: border-box; }
  .row { display: flex; gap: .6rem; } .row > div { flex: 1; }
  button { margin-top: 1.2rem; padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
  .error { color: #a4000f; font-weight: 600; }
  .amount { font-size: 1.4rem; font-weight: 700; }
</style>
</head>
<body>
<p class="banner">Card-processing sandbox: test page, no real money moves.</p>
${body}
</body>
</html>`;
}
