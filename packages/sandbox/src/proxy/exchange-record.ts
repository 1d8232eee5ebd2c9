import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { maskCardNumbersInText } from "@card-processing/signing";
import { FORM_MEDIA_TYPE } from "@card-processing/types";
import { redactedFields } from "../server/api/request-redaction.js";
import type { ProxyFinding } from "./finding.js";

/** One exchange through the proxy, as `--record` keeps it. */
export interface RecordedExchange {
  readonly sequence: number;
  readonly at: Date;
  readonly operation: string;
  readonly method: string;
  /** The path and query the client asked for. */
  readonly target: string;
  readonly requestContentType: string | undefined;
  readonly requestAccept: string | undefined;
  readonly requestText: string;
  readonly status: number;
  readonly replyContentType: string;
  readonly replyText: string;
  readonly findings: readonly ProxyFinding[];
}

function redactedForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return redactedFields(fields);
}

/**
 * The request's body as a transcript keeps it: a form's fields by the redaction rule; any other
 * body (JSON, say, which could hold a CVV2 under any name) only as its size.
 */
function redactedBody(
  contentType: string | undefined,
  text: string,
): { fields: Record<string, string> } | { bytes: number } {
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType === FORM_MEDIA_TYPE || text === "") return { fields: redactedForm(text) };
  return { bytes: Buffer.byteLength(text) };
}

function redactedTarget(target: string): string {
  const [path = "", query] = target.split("?", 2);
  if (query === undefined) return path;
  return `${path}?${new URLSearchParams(redactedForm(query)).toString()}`;
}

/**
 * Writes one exchange to `dir` as a redacted transcript (`000042-sale.json`), to file a spec fix
 * with: the request's form fields by the sandbox's redaction rule (card numbers cut to first six
 * and last four digits wherever they are; CVV, control values, passwords, keys and signatures left
 * out), a body that is not a form as its size only (`bytes`), no
 * `Authorization` header, and the reply's text with every card-number-shaped run of digits masked.
 */
export async function recordExchange(dir: string, exchange: RecordedExchange): Promise<void> {
  const transcript = {
    at: exchange.at.toISOString(),
    operation: exchange.operation,
    request: {
      method: exchange.method,
      target: redactedTarget(exchange.target),
      contentType: exchange.requestContentType,
      accept: exchange.requestAccept,
      ...redactedBody(exchange.requestContentType, exchange.requestText),
    },
    reply: {
      status: exchange.status,
      contentType: exchange.replyContentType,
      body: maskCardNumbersInText(exchange.replyText),
    },
    findings: exchange.findings,
  };
  const name = `${String(exchange.sequence).padStart(6, "0")}-${exchange.operation.replace(/[^A-Za-z0-9-]/g, "_").slice(0, 60)}.json`;
  await writeFile(join(dir, name), `${JSON.stringify(transcript, null, 2)}\n`, { mode: 0o600 });
}
