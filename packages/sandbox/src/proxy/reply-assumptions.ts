import type { ErrorObject } from "ajv/dist/2020.js";
import type { AssumedNode } from "./assumed-nodes.js";
import { type FindingDraft, operationSpecFile, schemaSpecFile } from "./finding.js";
import { seenValue } from "./seen-value.js";

function errorKey(error: ErrorObject): string | undefined {
  if (error.keyword === "required") return String((error.params as { missingProperty: string }).missingProperty);
  return error.instancePath.split("/")[1]?.replaceAll("~1", "/").replaceAll("~0", "~");
}

function confirmed(node: { pointer: string }, specFile: string, what: string): FindingDraft {
  return {
    direction: "reply",
    kind: "evidence",
    rule: "assumption-confirmed",
    specFile,
    assumption: node.pointer,
    message: `${what}: the assumption holds; drop x-assumed at ${node.pointer} in ${specFile}`,
  };
}

function contradicted(node: { pointer: string }, specFile: string, what: string): FindingDraft {
  return {
    direction: "reply",
    rule: "assumption-contradicted",
    specFile,
    assumption: node.pointer,
    message: `${what}, against the assumption at ${node.pointer}. Spec file: ${specFile}`,
  };
}

/**
 * What a reply settles of the assumed nodes of its schema: an assumed key seen with a valid value
 * (and, where the spec lists the values it assumes, one of them) confirms it; an assumed key
 * missing, mistyped or out of its list contradicts it; a reply the spec assumes whole is confirmed
 * by a reply without departures and contradicted by one with any.
 */
export function replyAssumptionFindings(
  nodes: readonly AssumedNode[],
  assumedReplyAt: string | undefined,
  errors: readonly ErrorObject[],
  body: Readonly<Record<string, unknown>>,
  operationId: string,
): FindingDraft[] {
  const findings: FindingDraft[] = [];
  if (assumedReplyAt !== undefined) {
    const file = operationSpecFile(operationId);
    findings.push(
      errors.length === 0
        ? confirmed({ pointer: assumedReplyAt }, file, `the reply of ${operationId} has the assumed form`)
        : contradicted(
            { pointer: assumedReplyAt },
            file,
            `the reply of ${operationId} departs from the assumed form (${errors.length} departures above)`,
          ),
    );
  }
  for (const node of nodes) {
    const file = schemaSpecFile(node.schemaName);
    if (node.key === undefined) {
      findings.push(
        errors.length === 0
          ? confirmed(node, file, `a ${node.schemaName} reply as assumed`)
          : contradicted(node, file, `a ${node.schemaName} reply with departures`),
      );
      continue;
    }
    const key = node.key;
    const value = body[key];
    if (errors.some((error) => errorKey(error) === key)) {
      findings.push(contradicted(node, file, `key '${key}' seen as ${seenValue(key, value)}`));
      continue;
    }
    if (value === undefined) continue;
    if (node.codes !== undefined) {
      const name = Object.entries(node.codes).find(([, code]) => String(code) === String(value))?.[0];
      findings.push(
        name === undefined
          ? contradicted(
              node,
              file,
              `'${key}' ${seenValue(key, value)} is none of the assumed values (${Object.entries(node.codes)
                .map(([n, c]) => `${n} ${c}`)
                .join(", ")})`,
            )
          : confirmed(node, file, `'${key}' ${seenValue(key, value)} is one of the assumed values (${name})`),
      );
      continue;
    }
    findings.push(
      confirmed(node, file, `key '${key}' seen in a ${node.schemaName} reply with a value the spec allows`),
    );
  }
  return findings;
}
