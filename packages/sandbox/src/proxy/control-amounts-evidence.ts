import type { ControlAmounts } from "@card-processing/signing";
import type { FindingDraft } from "./finding.js";
import { schemaSpecFile } from "./finding.js";
import type { ReplyVerdict } from "./reply-check.js";
import type { RequestVerdict } from "./request-check.js";

/** The spec's assumed way of writing JPY and KWD amounts in `control` (`Amount`'s `x-control-amounts`). */
export const CONTROL_AMOUNTS_ASSUMPTION = "#/components/schemas/Amount/x-control-amounts";
const ASSUMED: ControlAmounts = "iso-4217";

const described: Readonly<Record<ControlAmounts, string>> = {
  "iso-4217": "in ISO 4217 minor units (controlAmounts 'iso-4217': 1000 JPY as 1000)",
  hundredths:
    "in hundredths (controlAmounts 'hundredths', the amount times 100 as the vendor's PHP library signs: 1000 JPY as 100000)",
};

/**
 * What the gateway's answer settles of how `control` writes amounts of currencies without two
 * decimals: a request whose control verified one way (JPY, KWD, ...) and that the gateway took
 * says the gateway verifies that way; one it refused for its control says it does not.
 */
export function controlAmountsFindings(request: RequestVerdict, reply: ReplyVerdict): FindingDraft[] {
  const way = request.controlAmounts;
  if (way === undefined || reply.accepted === undefined) return [];
  const currency = request.fields?.["currency"] ?? "";
  const specFile = schemaSpecFile("Amount");
  const signed = `a ${currency} amount whose control was written ${described[way]}`;
  if (reply.accepted) {
    const settled = `the gateway accepted ${signed}: use controlAmounts '${way}' for ${currency}`;
    return [
      way === ASSUMED
        ? {
            direction: "request",
            kind: "evidence",
            rule: "assumption-confirmed",
            field: "control",
            specFile,
            assumption: CONTROL_AMOUNTS_ASSUMPTION,
            message: `${settled}; the assumption holds: drop x-assumed at ${CONTROL_AMOUNTS_ASSUMPTION} in ${specFile}`,
          }
        : {
            direction: "request",
            rule: "assumption-contradicted",
            field: "control",
            specFile,
            assumption: CONTROL_AMOUNTS_ASSUMPTION,
            message: `${settled}, against the assumed 'iso-4217' at ${CONTROL_AMOUNTS_ASSUMPTION}. Spec file: ${specFile}`,
          },
    ];
  }
  if (reply.refusal === undefined || !/control|signature/i.test(reply.refusal)) return [];
  return [
    {
      direction: "request",
      rule: way === ASSUMED ? "assumption-contradicted" : "assumption-confirmed",
      ...(way === ASSUMED ? {} : { kind: "evidence" as const }),
      field: "control",
      specFile,
      assumption: CONTROL_AMOUNTS_ASSUMPTION,
      message: `the gateway refused the control of ${signed}: it does not verify controlAmounts '${way}' for ${currency}. Spec file: ${specFile}`,
    },
  ];
}
