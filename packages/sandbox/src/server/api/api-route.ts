import type { IncomingMessage } from "node:http";
import { createMemoryNonceStore, type NonceStore } from "@card-processing/signing";
import { FORM_MEDIA_TYPE, matchOperationPath, type OperationEntry } from "@card-processing/types";
import { adminRouteIn } from "../../delivery/admin-route-url.js";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import { genericReply } from "../../operations/generic-reply.js";
import { handlerOf } from "../../operations/operation-handlers.js";
import { errorCodes, fieldsOf, PAY_JSON, Refused, type Reply, refuse } from "../../operations/replies.js";
import { minorOfField } from "../../operations/request-fields.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { acceptsPayJson, replyFormOf } from "./classic-reply.js";
import { BodyError, parseForm, readBody } from "./form-body.js";
import { withSpecOrderIdSpelling } from "./order-id-spelling.js";
import { redactedFields } from "./request-redaction.js";
import { requestAddress } from "./request-scheme.js";
import { checkSignature } from "./signature-check.js";
import { fieldsWithOrderTerms } from "./terms-from-order.js";

/** Amounts the schema accepts but the currency cannot express (too many decimals, unknown currency). */
function amountProblemOf(entry: OperationEntry, fields: Readonly<Record<string, string>>): string | undefined {
  const currency = fields["currency"];
  if (currency === undefined) return undefined;
  for (const name of entry.amountFields) {
    const amount = fields[name];
    if (amount === undefined || amount === "") continue;
    try {
      minorOfField(amount, currency);
    } catch (error) {
      if (error instanceof Refused) return error.message;
      throw error;
    }
  }
  return undefined;
}

/**
 * Why a field holding a URL may not be taken: it points at a sandbox's admin routes or dashboard,
 * which a callback there would read (see `adminRouteIn`). Names the field.
 */
function adminUrlField(fields: Readonly<Record<string, string>>): string | undefined {
  for (const name in fields) {
    const value = fields[name] ?? "";
    if (!/^https?:/i.test(value)) continue;
    const prefix = adminRouteIn(value);
    if (prefix !== undefined)
      return `field '${name}' must not point at the sandbox's own ${prefix} routes: the sandbox would fetch them`;
  }
  return undefined;
}

/**
 * The operation whose path matches `path` (relative to `/paynet`), with its endpoint id (or, at a
 * group address, its endpoint group id) decoded.
 */
export function matchOperation(
  path: string,
): { entry: OperationEntry; endpointId: string; group: boolean } | undefined {
  const match = matchOperationPath(path);
  if (match === undefined || match.basePath !== "") return undefined;
  let endpointId: string;
  try {
    endpointId = decodeURIComponent(match.endpointId);
  } catch {
    endpointId = match.endpointId;
  }
  return { entry: match.entry, endpointId, group: match.group };
}

/** The operation a request's path names, as `matchOperation` found it. */
export type MatchedOperation = NonNullable<ReturnType<typeof matchOperation>>;

/** An API request answered: the reply, and the operation and order it concerned when known. */
export interface HandledRequest {
  readonly reply: Reply;
  readonly operationId?: string;
  readonly orderid?: string | undefined;
  readonly clientOrderId?: string | undefined;
}

/** Handles one API request: transport checks, schema, signature, then the operation. */
export class ApiRoute {
  readonly #engine: GatewayEngine;
  readonly #validator: RequestValidator;
  readonly #nonces: NonceStore = createMemoryNonceStore();

  constructor(engine: GatewayEngine, validator: RequestValidator) {
    this.#engine = engine;
    this.#validator = validator;
  }

  /** `matched` is the operation the router found for `path` (matched once per request). */
  async handle(request: IncomingMessage, path: string, matched: MatchedOperation | undefined): Promise<HandledRequest> {
    const classic = replyFormOf(request.headers.accept, this.#engine.options.classicReplies) === "classic";
    if (matched === undefined) return { reply: refuse(`unknown operation: no API path ${path}`) };
    const { entry, endpointId, group } = matched;
    const operationId = entry.operationId;
    const fail = (message: string, code: number = errorCodes.invalidRequest) => ({
      reply: refuse(message, code),
      operationId,
    });
    if (request.method !== "POST") return fail(`${operationId} must be called with POST, not ${request.method ?? "?"}`);
    const accept = request.headers.accept ?? "";
    if (!classic && !acceptsPayJson(accept)) {
      return fail(
        accept === "" ? `missing Accept header: send Accept: ${PAY_JSON}` : `Accept header must name ${PAY_JSON}`,
      );
    }
    const contentType = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (contentType !== FORM_MEDIA_TYPE) {
      return fail(`Content-Type must be ${FORM_MEDIA_TYPE}, not ${contentType === "" ? "missing" : contentType}`);
    }
    let text: string;
    try {
      text = await readBody(request);
    } catch (error) {
      if (error instanceof BodyError) return fail(error.message);
      throw error;
    }
    const idName = group ? "endpointGroupId" : "endpointId";
    if (!/^[0-9]{1,18}$/.test(endpointId))
      return fail(`${idName} must be an integer, got '${endpointId.slice(0, 40)}'`);
    // A group's orders are the group's own: past this check its id stands where an endpoint's would.
    const known = group ? this.#engine.options.endpointGroupIds : this.#engine.options.endpointIds;
    if (!known.has(String(BigInt(endpointId)))) {
      return fail(`unknown ${group ? "endpoint group" : "endpoint"} ${endpointId}`, errorCodes.unknownEndpoint);
    }
    const form = parseForm(text);
    if ("error" in form) return fail(form.error);
    if (text === "") return fail("request body is empty");
    const result = await this.#operate(request, entry, endpointId, form);
    const orderid = this.#record(entry, endpointId, form.fields, result.reply);
    const clientOrderId = entry.clientOrderIdFields
      .map((name) => form.fields[name])
      .find((value) => value !== undefined);
    return { ...result, orderid, clientOrderId };
  }

  /**
   * Keeps the request, redacted, for the dashboard: what an order received and how it was
   * answered. Returns the order it concerned, when there is one.
   */
  #record(
    entry: OperationEntry,
    endpointId: string,
    fields: Readonly<Record<string, string>>,
    reply: Reply,
  ): string | undefined {
    const body = fieldsOf(reply);
    const replied = body["paynet-order-id"] ?? body["orderid"];
    const clientOrderId = fields["client_orderid"];
    // The order book is asked only when neither the reply nor the request names the order.
    const orderid =
      typeof replied === "string" && replied !== ""
        ? replied
        : (fields["orderid"] ??
          (clientOrderId === undefined
            ? undefined
            : this.#engine.book.ordersOfClientOrderId(endpointId, clientOrderId).at(-1)?.orderid));
    this.#engine.journal.receive({
      operation: entry.operationId,
      endpoint_id: endpointId,
      orderid,
      client_orderid: clientOrderId,
      fields: redactedFields(fields),
      http_status: reply.httpStatus,
      outcome: String(body["status"] ?? body["error-message"] ?? body["type"] ?? ""),
    });
    return orderid;
  }

  async #operate(
    request: IncomingMessage,
    entry: OperationEntry,
    endpointId: string,
    form: { fields: Record<string, string>; params: URLSearchParams },
  ): Promise<{ reply: Reply; operationId?: string }> {
    const operationId = entry.operationId;
    const fail = (message: string, code: number = errorCodes.invalidRequest) => ({
      reply: refuse(message, code),
      operationId,
    });
    const fields = withSpecOrderIdSpelling(entry, form.fields);
    const checked = this.#validator.check(entry, fields);
    if (!checked.ok) return fail(checked.message);
    const adminUrl = adminUrlField(form.fields);
    if (adminUrl !== undefined) return fail(adminUrl);
    const amountProblem = amountProblemOf(entry, form.fields);
    if (amountProblem !== undefined) return fail(amountProblem);
    const signed = {
      fields: form.fields,
      url: requestAddress(request, this.#engine.baseUrl),
      endpointId,
      authorization: request.headers.authorization,
    };
    const signatureProblem = await checkSignature(entry, signed, this.#engine.options, this.#nonces);
    if (signatureProblem !== undefined) {
      const referenced = this.#engine.book.byOrderId(form.fields["orderid"] ?? "");
      const withOrderTerms = fieldsWithOrderTerms(
        entry,
        form.fields,
        referenced?.endpointId === String(BigInt(endpointId)) ? referenced : undefined,
      );
      const secondTry =
        withOrderTerms === undefined
          ? signatureProblem
          : await checkSignature(entry, { ...signed, fields: withOrderTerms }, this.#engine.options, this.#nonces);
      if (secondTry !== undefined) return fail(signatureProblem, errorCodes.signature);
    }
    const context = {
      entry,
      endpointId: String(BigInt(endpointId)),
      fields,
      value: checked.value,
      engine: this.#engine,
    };
    const handler = handlerOf(operationId);
    try {
      const reply = handler === undefined ? genericReply(context) : await handler(context);
      return { reply, operationId };
    } catch (error) {
      if (error instanceof Refused) return fail(error.message, error.code);
      throw error;
    }
  }
}
