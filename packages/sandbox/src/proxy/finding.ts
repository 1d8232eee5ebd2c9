/**
 * What kind of departure, or of evidence, a finding is. Request rules: `request-body` (not a
 * readable form), `request-field` (a field the spec's request schema refuses), `request-signature`
 * (the signature does not verify), `method` and `unknown-operation`. Reply rules: `status` (an
 * HTTP status the operation's replies do not list), `content-type`, `body-format` (not a reply in
 * the form asked for, such as an HTML error page), `reply-type`, `required-key`, `key-type`,
 * `enum`, `key-format` and `unknown-key`. Assumptions of the spec (`x-assumed`):
 * `assumption-confirmed` (evidence) and `assumption-contradicted` (a departure).
 *
 * @example
 * ```ts
 * import type { FindingRule } from "@card-processing/sandbox";
 * const rule: FindingRule = "unknown-key";
 * ```
 */
export type FindingRule =
  | "request-body"
  | "request-field"
  | "request-signature"
  | "method"
  | "unknown-operation"
  | "status"
  | "content-type"
  | "body-format"
  | "reply-type"
  | "required-key"
  | "key-type"
  | "enum"
  | "key-format"
  | "unknown-key"
  | "assumption-confirmed"
  | "assumption-contradicted";

/**
 * One departure of the traffic from the spec, or one piece of evidence about an assumed fact of
 * it, as the validation proxy reports it: one JSON object a line of its report. No card number
 * beyond its first six and last four digits, CVV, control value, key or password is ever in it.
 *
 * @example
 * ```ts
 * import type { ProxyFinding } from "@card-processing/sandbox";
 * const finding: ProxyFinding = {
 *   at: "2026-11-26T10:15:02.000Z",
 *   operation: "status",
 *   direction: "reply",
 *   kind: "departure",
 *   rule: "unknown-key",
 *   field: "acquirer-code",
 *   message: "the spec names no key 'acquirer-code' in a status-response; seen \"05\". Spec file: spec/components/schemas/StatusResponse.yaml",
 *   specFile: "spec/components/schemas/StatusResponse.yaml",
 * };
 * ```
 */
export interface ProxyFinding {
  /** When the exchange was seen (ISO 8601). */
  readonly at: string;
  /** The spec's `operationId`, or the request's path when no operation has it. */
  readonly operation: string;
  readonly direction: "request" | "reply";
  /** `evidence` for an assumption the traffic confirms; every other finding is a `departure`. */
  readonly kind: "departure" | "evidence";
  readonly rule: FindingRule;
  /** The request field or reply key it is about, where there is one. */
  readonly field?: string;
  /** What the spec says, what was seen, and the spec file to change. */
  readonly message: string;
  /** The spec file to change (or, for evidence, the one whose assumption it settles). */
  readonly specFile: string;
  /** The `x-assumed` node it is about, as a JSON pointer into the bundled spec. */
  readonly assumption?: string;
}

/** A finding before the proxy stamps it with the time and operation of its exchange. */
export type FindingDraft = Omit<ProxyFinding, "at" | "operation" | "kind"> & { readonly kind?: ProxyFinding["kind"] };

/** The file under `spec/paths/` that holds an operation: its `operationId` in kebab case. */
export function operationSpecFile(operationId: string): string {
  return `spec/paths/${operationId.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.yaml`;
}

/** The file under `spec/components/schemas/` that holds a named schema. */
export function schemaSpecFile(schemaName: string): string {
  return `spec/components/schemas/${schemaName}.yaml`;
}
