import { transactionReportOperation } from "@card-processing/types";
import { type FindingDraft, operationSpecFile } from "./finding.js";

/**
 * Checks a transactions report request: a `GET` with the parameters the spec requires. Its OAuth
 * signature is not checked here (the report is signed over the upstream's address in any case).
 */
export function checkReportRequest(method: string, query: URLSearchParams): FindingDraft[] {
  const specFile = operationSpecFile(transactionReportOperation.operationId);
  if (method !== "GET")
    return [
      {
        direction: "request",
        rule: "method",
        specFile,
        message: `the spec has the transactions report as GET; seen ${method.slice(0, 10)}. Spec file: ${specFile}`,
      },
    ];
  return transactionReportOperation.requiredParameters
    .filter((name) => !query.has(name))
    .map((name) => ({
      direction: "request",
      rule: "request-field",
      field: name,
      specFile,
      message: `the spec requires parameter '${name}' of the transactions report; the request has none. Spec file: ${specFile}`,
    }));
}
