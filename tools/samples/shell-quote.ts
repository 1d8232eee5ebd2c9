/** A shell word for `text`: single quotes, or `$'...'` with `\n` for text of several lines. */
export function shellQuote(text: string): string {
  if (text.includes("\n")) return `$'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'").replaceAll("\n", "\\n")}'`;
  return /^[A-Za-z0-9_./:@+,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** A shell variable's name for a field (`client-order-id` is `client_order_id`). */
export function shellName(field: string): string {
  return field.replace(/[^A-Za-z0-9_]/g, "_");
}
