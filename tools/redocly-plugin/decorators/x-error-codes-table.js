// Turns `x-error-codes` (name → number) into a Markdown table under the field's description, so the
// API reference shows the numbers a client branches on instead of hiding them in an extension.

/**
 * The table of an `x-error-codes` map, by number: `| error-code | name |`.
 *
 * @example
 * errorCodesTable({ signature: 2, "invalid-request": 1 });
 * // "| `error-code` | name |\n| --- | --- |\n| 1 | `invalid-request` |\n| 2 | `signature` |"
 */
export function errorCodesTable(codes) {
  const rows = Object.entries(codes)
    .filter(([, code]) => Number.isInteger(code))
    .sort(([, a], [, b]) => a - b)
    .map(([name, code]) => `| ${code} | \`${name}\` |`);
  return ["| `error-code` | name |", "| --- | --- |", ...rows].join("\n");
}

/**
 * Appends the table of each schema's `x-error-codes` to its description. Enabled only by the docs
 * build (docs/redocly.yaml).
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/x-error-codes-table: on
 */
export function xErrorCodesTable() {
  return {
    Schema: {
      leave(schema) {
        const codes = schema["x-error-codes"];
        if (!codes || typeof codes !== "object" || Array.isArray(codes)) return;
        const table = errorCodesTable(codes);
        const description = typeof schema.description === "string" ? schema.description.trimEnd() : "";
        if (description.includes(table)) return;
        schema.description = description === "" ? table : `${description}\n\n${table}`;
      },
    },
  };
}
