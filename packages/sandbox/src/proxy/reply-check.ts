import { VENDOR_MEDIA_TYPE } from "@card-processing/types";
import type { ErrorObject } from "ajv/dist/2020.js";
import { assumedNodesOf } from "./assumed-nodes.js";
import { parseClassicReply } from "./classic-reply-text.js";
import { checkCsvReply } from "./csv-reply-check.js";
import { type FindingDraft, operationSpecFile, schemaSpecFile } from "./finding.js";
import { replyAssumptionFindings } from "./reply-assumptions.js";
import { replySchemaErrors, replyTypeOf } from "./reply-schemas.js";
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

const REFUSAL_TYPES = new Set(["validation-error", "error"]);

function mediaTypeOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** The body as a record of keys, in the form it came in, or `undefined` when it is in neither. */
function readBody(
  seen: SeenReply,
  mediaType: string,
): { body: Record<string, unknown>; form: "json" | "classic" } | undefined {
  if (mediaType === VENDOR_MEDIA_TYPE || mediaType.endsWith("+json") || mediaType === "application/json") {
    try {
      const parsed: unknown = JSON.parse(seen.text);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
        return { body: parsed as Record<string, unknown>, form: "json" };
    } catch {
      return undefined;
    }
    return undefined;
  }
  if (seen.form === "json") return undefined;
  const classic = parseClassicReply(seen.text);
  return classic === undefined ? undefined : { body: classic, form: "classic" };
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
  const read = readBody(seen, mediaType);
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
  const { body, form } = read;
  // A refusal may come with HTTP 200 (the classic form always does so): its schema is the refusal's.
  const refusals =
    seen.status === 200 ? [...(operation.replies.get("400") ?? []), ...(operation.replies.get("500") ?? [])] : [];
  let reply = chooseReply(listed, refusals, body["type"]);
  const primary = listed.find((r) => r.schemaName !== undefined);
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
  const type = body["type"];
  const refused = typeof type === "string" && REFUSAL_TYPES.has(type);
  const accepted = seen.status >= 200 && seen.status < 300 && !refused;
  const refusal = refused && typeof body["error-message"] === "string" ? body["error-message"] : undefined;
  return { findings, accepted, refusal };
}
