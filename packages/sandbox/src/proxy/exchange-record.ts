import { constants, readdirSync } from "node:fs";
import { open } from "node:fs/promises";
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
 * The sequence number the next run's first transcript in `dir` follows: the highest one already
 * there, so a second run with the same `--record` directory adds to the first's transcripts
 * instead of writing over them.
 */
export function lastRecordedSequence(dir: string): number {
  let last = 0;
  for (const name of readdirSync(dir)) {
    const match = /^([0-9]{6,})-.*\.json$/.exec(name);
    if (match?.[1] !== undefined) last = Math.max(last, Number(match[1]));
  }
  return last;
}

/**
 * Writes one exchange to `dir` as a redacted transcript (`000042-sale.json`), to file a spec fix
 * with: the request's form fields by the sandbox's redaction rule (card numbers cut to first six
 * and last four digits wherever they are; CVV, control values, passwords, keys and signatures left
 * out), a body that is not a form as its size only (`bytes`), no
 * `Authorization` header, and the reply's text with every card-number-shaped run of digits masked.
 * The file is created new (mode 0600), never written through a link or over a file put there.
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
  const file = await open(
    join(dir, name),
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  try {
    await file.writeFile(`${JSON.stringify(transcript, null, 2)}\n`);
  } finally {
    await file.close();
  }
}
