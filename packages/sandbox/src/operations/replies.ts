import { randomUUID } from "node:crypto";
import {
  type components,
  gatewayErrorCodes,
  type OperationId,
  type operations,
  VENDOR_MEDIA_TYPE,
} from "@card-processing/types";

/** The media type of every API reply. */
export const PAY_JSON = VENDOR_MEDIA_TYPE;

/** Numeric `error-code`s of the sandbox's refusals: the spec's `x-error-codes`, and 500 for its own faults. */
export const errorCodes = {
  invalidRequest: gatewayErrorCodes["invalid-request"],
  signature: gatewayErrorCodes.signature,
  stateRule: gatewayErrorCodes["state-rule"],
  unknownReference: gatewayErrorCodes["unknown-reference"],
  unknownEndpoint: gatewayErrorCodes["unknown-endpoint"],
  serverFault: 500,
} as const;

/** The generated type of an operation's 200 vendor JSON reply. */
export type ReplyBodyOf<Id extends OperationId> = operations[Id]["responses"][200]["content"][typeof VENDOR_MEDIA_TYPE];

/** The body of a refusal: `ValidationErrorResponse` (400) or `ServerErrorResponse` (500). */
export type RefusalBody =
  | components["schemas"]["ValidationErrorResponse"]
  | components["schemas"]["ServerErrorResponse"];

/** One object of a reply body. */
export type ReplyFields = Readonly<Record<string, unknown>>;

/**
 * A reply the router sends: HTTP status and body, typed by the spec where the sender knows it. The
 * body is one object, or a list of objects where the operation's table entry says `replyShape:
 * "list"` (a refusal is one object either way).
 */
export interface Reply<Body extends object = ReplyFields | readonly ReplyFields[]> {
  readonly httpStatus: 200 | 400 | 500;
  readonly body: Body;
}

/** The keys of a reply's body when it is one object (a refusal, most replies); `{}` for a list. */
export function fieldsOf(reply: Reply): ReplyFields {
  return Array.isArray(reply.body) ? {} : (reply.body as ReplyFields);
}

/** A fresh `serial-number`. */
export function serialNumber(): string {
  return randomUUID();
}

/** A 400 `ValidationErrorResponse` naming the problem. */
export function refuse(message: string, code: number = errorCodes.invalidRequest): Reply<RefusalBody> {
  return {
    httpStatus: 400,
    body: { type: "validation-error", "error-message": message, "error-code": code, "serial-number": serialNumber() },
  };
}

/** A 200 reply with the given keys and a fresh `serial-number`. */
export function ok<const Body extends object>(body: Body): Reply<Body & { "serial-number": string }> {
  return { httpStatus: 200, body: { ...body, "serial-number": serialNumber() } };
}

/** A 200 reply of a list operation: its items, as the spec's list reply gives them (no `serial-number`). */
export function okList<Item extends object>(items: Item[]): Reply<Item[]> {
  return { httpStatus: 200, body: items };
}

/** Thrown by handlers to refuse a request; the router turns it into a 400 reply. */
export class Refused extends Error {
  override readonly name = "Refused";
  readonly code: number;
  constructor(message: string, code: number = errorCodes.invalidRequest) {
    super(message);
    this.code = code;
  }
}
