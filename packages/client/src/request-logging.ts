import { formBodyOf } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import { redactFields, redactHeaders } from "./redaction.js";
import type { RequestLogger } from "./request-log.js";

/**
 * Logs what is about to be sent, redacted: the body is the request's known form text, or read
 * from a clone of the request.
 *
 * @example
 * ```ts
 * await logRequest(logger, 1, operationById("sale"), request);
 * ```
 */
export async function logRequest(logger: RequestLogger, requestId: number, entry: OperationEntry | undefined, request: Request): Promise<void> {
  const text = formBodyOf(request) ?? (request.body === null ? "" : await request.clone().text());
  logger({
    event: "request",
    requestId,
    operationId: entry?.operationId,
    method: request.method,
    url: request.url,
    headers: redactHeaders(request.headers),
    body: redactFields(Object.fromEntries(new URLSearchParams(text)), entry ?? {}),
  });
}

/**
 * The name, code and message of a failure, for the log.
 *
 * @example
 * ```ts
 * describeError(new TimeoutError("late", { timeoutMs: 10 })); // { name: "TimeoutError", code: "ERR_TIMEOUT", message: "late" }
 * ```
 */
export function describeError(error: unknown): { name: string; code: string | undefined; message: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, code: typeof code === "string" ? code : undefined, message: error.message };
  }
  return { name: "Error", code: undefined, message: String(error) };
}
