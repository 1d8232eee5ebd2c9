/** How the CLI writes its request log: `text` (a timestamp and the line) or `json` (one object a line). */
export type LogFormat = "text" | "json";

/** Reads `--log-format`, throwing a message that names the flag when it is neither text nor json. */
export function logFormatOf(text: string | undefined): LogFormat {
  if (text === undefined || text === "text" || text === "json") return text ?? "text";
  throw new Error(`--log-format: expected text or json, got ${JSON.stringify(text)}`);
}

/**
 * One log line as the CLI prints it. The JSON form is an object with `time`, `level` and `msg`
 * (the same text as the plain form), for a log collector that reads one JSON object a line.
 */
export function logLine(format: LogFormat, at: Date, message: string): string {
  if (format === "json") return JSON.stringify({ time: at.toISOString(), level: "info", msg: message });
  return `${at.toISOString()} ${message}`;
}
