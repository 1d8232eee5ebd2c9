import type { OperationEntry } from "@card-processing/types";
import { schemaNameOf } from "../validation/spec-schemas.js";
import { type AssumedNode, assumedNodesOf } from "./assumed-nodes.js";
import { controlAmountsFindings } from "./control-amounts-evidence.js";
import { type FindingDraft, operationSpecFile, schemaSpecFile } from "./finding.js";
import type { ReplyVerdict } from "./reply-check.js";
import type { RequestVerdict } from "./request-check.js";
import { pointerToken } from "./spec-operation.js";

/** True when a refusal's message names `field` as a word of its own. */
function names(message: string, field: string): boolean {
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^a-z0-9_-])${escaped}([^a-z0-9_-]|$)`, "i").test(message);
}

/**
 * Whether a request bears on an assumed node, and how: `what` names it in a finding, and
 * `takingConfirms` says whether the gateway taking such a request confirms the assumption (else it
 * contradicts it; a refusal naming the field says the opposite). A node without `x-assumed-evidence`
 * is about its field's name: any request carrying the field. With `absent`, a request without the
 * field: taken, it confirms a field the spec makes optional and contradicts one it requires. With
 * `longerThan`, a value longer than that: taken, it confirms the spec's longer limit.
 */
function bearing(node: AssumedNode, fields: Readonly<Record<string, string>>) {
  if (node.key === undefined) return { what: `a ${node.schemaName} request`, takingConfirms: true };
  const value = fields[node.key];
  const evidence = node.evidence;
  if (evidence?.absent === true) {
    if (value !== undefined) return undefined;
    const assumed = node.required ? "required" : "optional";
    return { what: `a request without field '${node.key}' (${assumed} in the spec)`, takingConfirms: !node.required };
  }
  if (value === undefined) return undefined;
  if (evidence?.longerThan !== undefined) {
    if (value.length <= evidence.longerThan) return undefined;
    return { what: `field '${node.key}' longer than ${evidence.longerThan} characters`, takingConfirms: true };
  }
  return { what: `field '${node.key}'`, takingConfirms: true };
}

/**
 * What the gateway's answer settles of the assumptions of a request: an assumed field it took
 * (a reply that is not a refusal) confirms the field's name; a refusal naming the field contradicts
 * it. An assumed signature rule is confirmed by a request signed by the spec's terms that the
 * gateway took, and contradicted by a signature refusal of one the proxy verified. How `control`
 * wrote a JPY or KWD amount is settled the same way (`controlAmountsFindings`).
 */
export function requestAssumptionFindings(
  entry: OperationEntry,
  request: RequestVerdict,
  reply: ReplyVerdict,
): FindingDraft[] {
  const fields = request.fields;
  if (fields === undefined || reply.accepted === undefined) return [];
  const findings: FindingDraft[] = [];
  const schemaName = schemaNameOf(entry.path, "request");
  // A request refused for its own fields says nothing of the gateway's rules (but for the field an
  // assumption is about: a required field left out is what settles that it is required).
  const validBut = (field: string | undefined) =>
    !request.findings.some((f) => f.rule === "request-field" && (field === undefined || f.field !== field));
  for (const node of assumedNodesOf(schemaName)) {
    const file = schemaSpecFile(node.schemaName);
    const bears = bearing(node, fields);
    if (bears === undefined) continue;
    const { what, takingConfirms } = bears;
    const taken = reply.accepted && validBut(node.key);
    const refusedNaming =
      !reply.accepted && node.key !== undefined && reply.refusal !== undefined && names(reply.refusal, node.key);
    if (!taken && !refusedNaming) continue;
    const verb = taken ? "took" : "refused";
    if (taken === takingConfirms)
      findings.push({
        direction: "request",
        kind: "evidence",
        rule: "assumption-confirmed",
        ...(node.key === undefined ? {} : { field: node.key }),
        specFile: file,
        assumption: node.pointer,
        message: `the gateway ${verb} ${what} as the spec assumes it: the assumption holds; drop x-assumed at ${node.pointer} in ${file}`,
      });
    else
      findings.push({
        direction: "request",
        rule: "assumption-contradicted",
        ...(node.key === undefined ? {} : { field: node.key }),
        specFile: file,
        assumption: node.pointer,
        message: `the gateway ${verb} ${what}${taken ? "" : ", naming it in its refusal,"} against the assumption at ${node.pointer}. Spec file: ${file}`,
      });
  }
  const validRequest = validBut(undefined);
  if (entry.signature.assumed && request.signatureHolds !== false) {
    const pointer = `#/paths/${pointerToken(entry.path)}/post/x-signature`;
    const file = operationSpecFile(entry.operationId);
    const terms = entry.signature.terms.join(" + ");
    if (reply.accepted && validRequest)
      findings.push({
        direction: "request",
        kind: "evidence",
        rule: "assumption-confirmed",
        field: "control",
        specFile: file,
        assumption: pointer,
        message: `the gateway took a request signed over ${terms}: the assumed signature terms hold; drop x-assumed at ${pointer} in ${file}`,
      });
    else if (
      !reply.accepted &&
      request.signatureHolds === true &&
      reply.refusal !== undefined &&
      /control|signature/i.test(reply.refusal)
    )
      findings.push({
        direction: "request",
        rule: "assumption-contradicted",
        field: "control",
        specFile: file,
        assumption: pointer,
        message: `the gateway refused the signature of a request signed over ${terms} with the merchant's control key, against the assumed terms at ${pointer}. Spec file: ${file}`,
      });
  }
  return [...findings, ...controlAmountsFindings(request, reply)];
}
