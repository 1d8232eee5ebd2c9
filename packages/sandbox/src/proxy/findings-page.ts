import type { ProxyFinding } from "./finding.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The proxy's page (`/paynet/_proxy`): the counts by operation and rule, then the latest findings,
 * newest first, as plain HTML with every value escaped and no script.
 */
export function findingsPage(
  upstream: string,
  findings: readonly ProxyFinding[],
  counts: Record<string, Record<string, number>>,
): string {
  const countRows = Object.entries(counts)
    .flatMap(([operation, rules]) =>
      Object.entries(rules).map(
        ([rule, n]) => `<tr><td>${escapeHtml(operation)}</td><td>${escapeHtml(rule)}</td><td>${n}</td></tr>`,
      ),
    )
    .join("\n");
  const rows = [...findings]
    .reverse()
    .map(
      (f) =>
        `<tr class="${f.kind}"><td>${escapeHtml(f.at)}</td><td>${escapeHtml(f.operation)}</td><td>${f.direction}</td><td>${escapeHtml(f.rule)}</td><td>${escapeHtml(f.field ?? "")}</td><td>${escapeHtml(f.message)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Validation proxy: findings</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}tr.evidence{color:#256029}</style>
</head><body>
<h1>Findings against the spec</h1>
<p>Upstream gateway: <code>${escapeHtml(upstream)}</code>. JSON: <a href="_proxy/findings">_proxy/findings</a>.</p>
<h2>Counts by operation and rule</h2>
<table><tr><th>operation</th><th>rule</th><th>count</th></tr>
${countRows || '<tr><td colspan="3">none yet</td></tr>'}
</table>
<h2>Latest findings</h2>
<table><tr><th>at</th><th>operation</th><th>direction</th><th>rule</th><th>field</th><th>message</th></tr>
${rows || '<tr><td colspan="6">none yet: every exchange agreed with the spec</td></tr>'}
</table>
</body></html>
`;
}
