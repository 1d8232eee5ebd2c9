import { shippedText } from "../../shipped-files.js";

// The page's icon, inline: without one a browser asks for /favicon.ico, which the sandbox does not
// serve, and logs the 404 as a console error. The page's CSP allows `data:` images.
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="11" y="2.5" rx="2" fill="#2f6fdf"/><rect width="16" height="2" y="5" fill="#12151b"/></svg>',
)}`;

let assets: { readonly script: string; readonly style: string } | undefined;

/**
 * The page's script and stylesheet, real files beside this module (the build copies them into
 * `dist/`), read once on the first page served (through shipped-files.ts, which knows where they are).
 */
function dashboardAssets(): { readonly script: string; readonly style: string } {
  assets ??= {
    script: shippedText("dashboard-script.js"),
    style: shippedText("dashboard-style.css"),
  };
  return assets;
}

/**
 * The dashboard page: one HTML document with its style and script inline, so it works offline and
 * loads nothing from anywhere else. Everything it shows, it fetches from the admin routes; the
 * only value put into the HTML here is the nonce that lets the inline style and script run under
 * the page's Content-Security-Policy.
 */
export function dashboardPage(nonce: string): string {
  const { script, style } = dashboardAssets();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox dashboard · card-processing</title>
<link rel="icon" href="${ICON}">
<style nonce="${nonce}">${style}</style>
</head>
<body>
<header>
  <h1>Sandbox dashboard</h1>
  <section class="clock" aria-label="Sandbox clock">
    <span>Sandbox time <time id="clock-now">…</time> UTC</span>
    <span id="clock-mode" class="muted"></span>
    <span id="clock-buttons" role="group" aria-label="Advance the clock" hidden>
      <button type="button" data-advance="1000" aria-label="Advance the clock 1 second">+1 s</button>
      <button type="button" data-advance="60000" aria-label="Advance the clock 1 minute">+1 min</button>
      <button type="button" data-advance="3600000" aria-label="Advance the clock 1 hour">+1 h</button>
      <button type="button" data-advance="86400000" aria-label="Advance the clock 1 day">+1 day</button>
    </span>
  </section>
  <span id="live" class="live">○ connecting…</span>
</header>
<main>
  <section class="panel" aria-labelledby="orders-title">
    <h2 id="orders-title">Orders</h2>
    <div class="filters">
      <label for="status-filter">Status</label> <select id="status-filter"><option value="">all</option></select>
      <label for="search">Search</label> <input id="search" type="search" placeholder="orderid or client_orderid" autocomplete="off">
      <span id="order-count" class="muted"></span>
    </div>
    <table class="orders">
      <thead><tr><th scope="col">orderid</th><th scope="col">client_orderid</th><th scope="col">operation</th><th scope="col">amount</th><th scope="col">status</th><th scope="col">3-D Secure</th></tr></thead>
      <tbody id="order-rows"></tbody>
    </table>
    <nav class="pager" aria-label="Pages of orders">
      <button type="button" id="page-newer" disabled>← Newer</button>
      <button type="button" id="page-older" disabled>Older →</button>
    </nav>
  </section>
  <section class="panel" id="order-detail" aria-labelledby="order-title"></section>
</main>
<div id="message" class="message" role="status" aria-live="polite"></div>
<script nonce="${nonce}">${script}</script>
</body>
</html>`;
}
