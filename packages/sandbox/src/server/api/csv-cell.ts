// A cell a spreadsheet would read as a formula: it begins with one of these (OWASP, "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain number (an amount, an id) is no formula: it stays as it is, so it still reads as a number.
const PLAIN_NUMBER = /^[+-]?[0-9]+(\.[0-9]+)?$/;

/**
 * One cell of the sandbox's CSV: a value a spreadsheet would run as a formula
 * (`=HYPERLINK(...)` as a `client_orderid`, say) gets a leading `'`, which makes it text; then the
 * cell is quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
