import {
  isRefusal,
  type OperationEntry,
  type ReadReply,
  type ReplyObject,
  readReply,
  VENDOR_MEDIA_TYPE,
} from "@card-processing/types";
import type { ErrorObject } from "ajv/dist/2020.js";
import { assumedNodesOf } from "./assumed-nodes.js";
import { checkCsvReply } from "./csv-reply-check.js";
import { type FindingDraft, operationSpecFile, schemaSpecFile } from "./finding.js";
import { replyAssumptionFindings } from "./reply-assumptions.js";
import { listItemSchemaOf, replySchemaErrors, replyTypeOf } from "./reply-schemas.js";
import { seenValue } from "./seen-value.js";
import type { SpecOperation, SpecReply } from "./spec-operation.js";

/** A reply as the proxy passed it on: its HTTP status, content type and body text. */
export interface SeenReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The form the request asked for: `json` when its `Accept` named the vendor type, else `classic`. */
  readonly form: "json" | "classic";
}

/** What a reply says of its request, for the request's assumptions, besides the reply's findings. */
export interface ReplyVerdict {
  readonly findings: readonly FindingDraft[];
  /** True when the gateway took the request, false when it refused it, undefined when unreadable. */
  readonly accepted: boolean | undefined;
  /** The refusal's `error-message`, to see which field it names (never copied into a finding). */
  readonly refusal: string | undefined;
}

function mediaTypeOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * The body as the one reply reader reads it (types' `readReply`: an object, or a list for a list
 * operation), or `undefined` when it is in neither form, or not in the form its request asked for
 * and its content type names (JSON for JSON: the classic form under a JSON label is a departure).
 */
function readBody(seen: SeenReply, mediaType: string, entry: OperationEntry | undefined): ReadReply | undefined {
  const json = mediaType === VENDOR_MEDIA_TYPE || mediaType.endsWith("+json") || mediaType === "application/json";
  const read = readReply(entry, seen.text, json ? mediaType : null);
  if (read?.form === "classic" && (json || seen.form === "json")) return undefined;
  return read;
}

/** The reply schema `body` claims by its `type` among the spec's replies to this status (and refusals). */
function chooseReply(
  listed: readonly SpecReply[],
  refusals: readonly SpecReply[],
  type: unknown,
): SpecReply | undefined {
  return [...listed, ...refusals].find(
    (reply) => reply.schemaName !== undefined && replyTypeOf(reply.schemaName) === type,
  );
}

function findingOf(error: ErrorObject, schemaName: string, body: Record<string, unknown>): FindingDraft {
  const key = error.instancePath.split("/")[1]?.replaceAll("~1", "/").replaceAll("~0", "~");
  const inner = /^#\/components\/schemas\/([^/]+)\//.exec(error.schemaPath)?.[1] ?? schemaName;
  const specFile = schemaSpecFile(inner);
  const where = `the ${replyTypeOf(schemaName) ?? schemaName} reply`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const field = String(params["missingProperty"]);
    return {
      direction: "reply",
      rule: "required-key",
      field,
      specFile,
      message: `the spec requires key '${field}' in ${where}; the reply has none. Spec file: ${specFile}`,
    };
  }
  if (error.keyword === "unevaluatedProperties") {
    const field = String(params["unevaluatedProperty"]);
    return {
      direction: "reply",
      rule: "unknown-key",
      field,
      specFile,
      message: `the spec names no key '${field}' in ${where}; seen ${seenValue(field, body[field])}. Spec file: ${specFile}`,
    };
  }
  const field = key ?? "";
  const seen = seenValue(field, key === undefined ? undefined : body[key]);
  const rule =
    error.keyword === "enum" || error.keyword === "const"
      ? "enum"
      : error.keyword === "type"
        ? "key-type"
        : "key-format";
  const says =
    error.keyword === "enum"
      ? `one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`
      : error.keyword === "const"
        ? JSON.stringify(params["allowedValue"])
        : (error.message ?? "something else");
  return {
    direction: "reply",
    rule,
    field,
    specFile,
    message: `the spec says key '${field}' of ${where} must be ${says.replace(/^must be /, "")}; seen ${seen}. Spec file: ${specFile}`,
  };
}

/**
 * Checks a reply against the operation's replies in the spec: the HTTP status, the content type,
 * that the body is a reply at all, its `type`, required keys, types, enums and formats, and keys
 * the spec does not name; then what the reply settles of the spec's assumptions.
 */
export function checkReply(operation: SpecOperation, seen: SeenReply): ReplyVerdict {
  const pathFile = operationSpecFile(operation.operationId);
  const statuses = [...operation.replies.keys()];
  const listed = operation.replies.get(String(seen.status)) ?? operation.replies.get("default");
  if (listed === undefined)
    return {
      findings: [
        {
          direction: "reply",
          rule: "status",
          specFile: pathFile,
          message: `the spec lists HTTP ${statuses.join(", ")} for ${operation.operationId}; seen HTTP ${seen.status}. Spec file: ${pathFile}`,
        },
      ],
      accepted: undefined,
      refusal: undefined,
    };
  const mediaType = mediaTypeOf(seen.contentType);
  const findings: FindingDraft[] = [];
  const classicAllowed = seen.form === "classic" && mediaType.startsWith("text/") && operation.entry !== undefined;
  if (!listed.some((reply) => reply.mediaType === mediaType) && !classicAllowed)
    findings.push({
      direction: "reply",
      rule: "content-type",
      specFile: pathFile,
      message: `the spec gives HTTP ${seen.status} of ${operation.operationId} as ${listed.map((r) => r.mediaType).join(" or ")}; seen ${JSON.stringify(seen.contentType || "no content type")}. Spec file: ${pathFile}`,
    });
  const csv = listed.find((reply) => reply.csvRow !== undefined && reply.mediaType === mediaType);
  if (csv !== undefined)
    return { findings: [...findings, ...checkCsvReply(csv, seen.text)], accepted: true, refusal: undefined };
  const read = readBody(seen, mediaType, operation.entry);
  if (read === undefined) {
    const start = seenValue("body", seen.text.trim().slice(0, 40));
    findings.push({
      direction: "reply",
      rule: "body-format",
      specFile: pathFile,
      message: `the spec gives HTTP ${seen.status} of ${operation.operationId} a ${seen.form === "json" ? "JSON" : "JSON or classic key=value"} reply body; seen a body that is neither, starting ${start} (an error page of something in front of the gateway?). Spec file: ${pathFile}`,
    });
    return { findings, accepted: undefined, refusal: undefined };
  }
  const { form } = read;
  const primary = listed.find((r) => r.schemaName !== undefined);
  // A list (a list operation's 200): each item is checked against the list's item schema.
  if (Array.isArray(read.body)) return checkListReply(operation, primary, read.body, form, findings);
  const body = read.body;
  // A refusal may come with HTTP 200 (the classic form always does so): its schema is the refusal's.
  const refusals =
    seen.status === 200 ? [...(operation.replies.get("400") ?? []), ...(operation.replies.get("500") ?? [])] : [];
  // One object where the spec gives a list: only a refusal may be one.
  if (primary?.schemaName !== undefined && listItemSchemaOf(primary.schemaName) !== undefined && !isRefusal(body)) {
    findings.push(notAList(operation, primary.schemaName, seen.status));
    return { findings, accepted: undefined, refusal: undefined };
  }
  let reply = chooseReply(listed, refusals, body["type"]);
  // A reply schema that fixes no `type` (its type is assumed) takes any type no other one claims.
  if (reply === undefined && primary?.schemaName !== undefined && replyTypeOf(primary.schemaName) === undefined)
    reply = primary;
  if (reply === undefined && primary?.schemaName !== undefined) {
    reply = primary;
    const expected = [...listed, ...refusals]
      .map((r) => (r.schemaName === undefined ? undefined : replyTypeOf(r.schemaName)))
      .filter((t) => t !== undefined);
    if (expected.length > 0)
      findings.push({
        direction: "reply",
        rule: "reply-type",
        field: "type",
        specFile: schemaSpecFile(primary.schemaName),
        message: `the spec gives HTTP ${seen.status} of ${operation.operationId} the type ${[...new Set(expected)].join(" or ")}; seen ${seenValue("type", body["type"])}. Spec file: ${schemaSpecFile(primary.schemaName)}`,
      });
  }
  if (reply?.schemaName === undefined) return { findings, accepted: undefined, refusal: undefined };
  const schemaName = reply.schemaName;
  const typeReported = findings.some((f) => f.rule === "reply-type");
  const errors = replySchemaErrors(schemaName, form, body).filter((e) => !(typeReported && e.instancePath === "/type"));
  const seenRules = new Set<string>();
  for (const error of errors) {
    const finding = findingOf(error, schemaName, body);
    const id = `${finding.rule}:${finding.field ?? ""}`;
    if (seenRules.has(id)) continue;
    seenRules.add(id);
    findings.push(finding);
  }
  findings.push(
    ...replyAssumptionFindings(assumedNodesOf(schemaName), reply.assumedAt, errors, body, operation.operationId),
  );
  const refused = isRefusal(body);
  const accepted = seen.status >= 200 && seen.status < 300 && !refused;
  const refusal = refused && typeof body["error-message"] === "string" ? body["error-message"] : undefined;
  return { findings, accepted, refusal };
}

/** The finding for one object where the spec gives a list (a list operation's reply that is no refusal). */
function notAList(operation: SpecOperation, schemaName: string, status: number): FindingDraft {
  const specFile = schemaSpecFile(schemaName);
  return {
    direction: "reply",
    rule: "body-format",
    specFile,
    message: `the spec gives HTTP ${status} of ${operation.operationId} a list of objects (${schemaName}); seen one object that is not a refusal. Spec file: ${specFile}`,
  };
}

/**
 * Checks a list reply item by item against the item schema of the operation's list schema: the
 * same findings as for one object, each departure named once however many items share it.
 */
function checkListReply(
  operation: SpecOperation,
  primary: SpecReply | undefined,
  items: readonly ReplyObject[],
  form: "json" | "classic",
  findings: FindingDraft[],
): ReplyVerdict {
  const itemName = primary?.schemaName === undefined ? undefined : listItemSchemaOf(primary.schemaName);
  if (itemName === undefined) {
    const specFile = operationSpecFile(operation.operationId);
    findings.push({
      direction: "reply",
      rule: "body-format",
      specFile,
      message: `the spec gives ${operation.operationId} one object per reply; seen a list of ${items.length}. Spec file: ${specFile}`,
    });
    return { findings, accepted: undefined, refusal: undefined };
  }
  const seenRules = new Set<string>();
  const add = (finding: FindingDraft) => {
    const id = `${finding.rule}:${finding.field ?? ""}:${finding.assumption ?? ""}`;
    if (seenRules.has(id)) return;
    seenRules.add(id);
    findings.push(finding);
  };
  for (const item of items) {
    const errors = replySchemaErrors(itemName, form, item);
    for (const error of errors) add(findingOf(error, itemName, item));
    for (const finding of replyAssumptionFindings(
      assumedNodesOf(itemName),
      primary?.assumedAt,
      errors,
      item,
      operation.operationId,
    ))
      add(finding);
  }
  return { findings, accepted: true, refusal: undefined };
}
