import { operationTable } from "../../../../packages/types/src/generated/operation-table.ts";
import { escapeHtml } from "../guide.ts";

/**
 * The signature of every operation as an HTML table, generated from the spec's operation table:
 * its scheme, and for `control` the terms hashed in order before the control key.
 */
export function controlTermsTable(): string {
  const rows = Object.values(operationTable).map((entry) => {
    const rule =
      entry.signature.scheme === "control"
        ? `SHA-1 of ${[...entry.signature.terms, "control key"].map((term) => `<code>${escapeHtml(term)}</code>`).join(" + ")}`
        : `OAuth 1.0a ${entry.signature.scheme === "oauth-rsa-sha256" ? "RSA-SHA256 (private key)" : "HMAC-SHA1 (control key)"}`;
    return `<tr><td><code>${escapeHtml(entry.operationId)}</code></td><td><code>${escapeHtml(entry.path)}</code></td><td>${rule}${entry.signature.assumed ? " <em>(assumed)</em>" : ""}</td></tr>`;
  });
  return `<table id="control-terms">
<tr><th>operation</th><th>path</th><th>signature</th></tr>
${rows.join("\n")}
</table>`;
}
