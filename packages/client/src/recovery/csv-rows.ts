/**
 * Reads a CSV document (RFC 4180: comma-separated, fields optionally in double quotes with `""` for
 * a quote inside, CRLF or LF line ends) whose first row names the columns, into one object per
 * row keyed by those names. Returns `undefined` when the text is not such a document (an
 * unterminated quote, a row whose field count differs from the header's).
 */
export function csvRows(text: string): Array<Record<string, string>> | undefined {
  const records = csvRecords(text);
  if (records === undefined || records.length === 0) return records === undefined ? undefined : [];
  const [header, ...rows] = records as [string[], ...string[][]];
  const objects: Array<Record<string, string>> = [];
  for (const row of rows) {
    if (row.length !== header.length) return undefined;
    objects.push(Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
  }
  return objects;
}

/** The records of a CSV text as arrays of fields; blank lines are skipped. */
function csvRecords(text: string): string[][] | undefined {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      endRecord();
    } else field += char;
    i += 1;
  }
  if (quoted) return undefined;
  if (field !== "" || record.length > 0) endRecord();
  return records;
}
