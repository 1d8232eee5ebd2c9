import { transactionReportOperation } from "@card-processing/types";
import { assumedNodesOf } from "./assumed-nodes.js";
import { type FindingDraft, schemaSpecFile } from "./finding.js";
import type { SpecReply } from "./spec-operation.js";

/**
 * Checks a CSV reply (the transactions report) by its header row against the columns of its row
 * schema (the items of its `contentSchema`). The columns are assumed in the spec, so the header is evidence either way:
 * the same columns in the same order confirm the assumption, anything else contradicts it.
 */
export function checkCsvReply(reply: SpecReply, text: string): FindingDraft[] {
  const rowSchema = reply.csvRow ?? "";
  const specFile = schemaSpecFile(rowSchema);
  const expected: readonly string[] = transactionReportOperation.columns;
  const header = (text.split("\n")[0] ?? "").replace(/\r$/, "");
  const seen = header === "" ? [] : header.split(",").map((column) => column.trim().replace(/^"|"$/g, ""));
  const assumed = assumedNodesOf(rowSchema).find((node) => node.key === undefined);
  const same = seen.length === expected.length && seen.every((column, i) => column === expected[i]);
  const missing = expected.filter((column) => !seen.includes(column));
  const unknown = seen.filter((column) => !expected.includes(column));
  const findings: FindingDraft[] = [];
  for (const column of missing)
    findings.push({
      direction: "reply",
      rule: "required-key",
      field: column,
      specFile,
      message: `the spec's ${rowSchema} has column '${column}'; the report's header row has none. Spec file: ${specFile}`,
    });
  for (const column of unknown)
    findings.push({
      direction: "reply",
      rule: "unknown-key",
      field: column,
      specFile,
      message: `the spec's ${rowSchema} names no column '${column.slice(0, 40)}'. Spec file: ${specFile}`,
    });
  if (assumed !== undefined)
    findings.push({
      direction: "reply",
      kind: same ? "evidence" : "departure",
      rule: same ? "assumption-confirmed" : "assumption-contradicted",
      specFile,
      assumption: assumed.pointer,
      message: same
        ? `the report's header row has the assumed columns of ${rowSchema} in the assumed order (${expected.join(",")}): the assumption holds; drop x-assumed in ${specFile}`
        : `the spec assumes the columns of ${rowSchema} are ${expected.join(",")}; the report's header row has ${seen.length} other or reordered columns. Spec file: ${specFile}`,
    });
  return findings;
}
