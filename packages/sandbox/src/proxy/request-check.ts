import { type ControlAmounts, currencyExponent, maskCardNumbersInText, verifyRequest } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import { parseForm } from "../server/api/form-body.js";
import type { RequestValidator } from "../validation/request-validator.js";
import { schemaNameOf } from "../validation/spec-schemas.js";
import { type FindingDraft, operationSpecFile, schemaSpecFile } from "./finding.js";

/** A request as the proxy received it. */
export interface SeenRequest {
  readonly method: string;
  /** The full URL the client sent it to (the proxy's), as a signature covers it. */
  readonly url: string;
  readonly endpointId: string;
  readonly text: string;
  readonly authorization: string | undefined;
}

/** The merchant keys the proxy verifies signatures with; without any, signatures are not checked. */
export interface ProxyKeys {
  readonly controlKey: string | undefined;
  readonly publicKey: string | undefined;
}

/** What the request check found, and the form fields for the request's assumptions. */
export interface RequestVerdict {
  readonly findings: readonly FindingDraft[];
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** True when the signature verified, false when it did not, undefined when not checked. */
  readonly signatureHolds: boolean | undefined;
  /**
   * How the request's verified `control` wrote its amount, for an amount in a currency without two
   * decimals (JPY, KWD); `undefined` otherwise.
   */
  readonly controlAmounts?: ControlAmounts | undefined;
}

/** The signature's verdict: a departure, or that it holds and how it wrote amounts. */
type SignatureVerdict = FindingDraft | { readonly holds: true; readonly controlAmounts: ControlAmounts } | undefined;

function consumerKeyOf(authorization: string | undefined): string | undefined {
  const match = /oauth_consumer_key="([^"]*)"/.exec(authorization ?? "");
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

async function signatureFinding(
  entry: OperationEntry,
  seen: SeenRequest,
  fields: Record<string, string>,
  keys: ProxyKeys,
): Promise<SignatureVerdict> {
  const scheme = entry.signature.scheme;
  const key = scheme === "oauth-rsa-sha256" ? keys.publicKey : keys.controlKey;
  // A control missing altogether is a missing required field, reported as such.
  if (scheme === "none" || key === undefined || (scheme === "control" && fields["control"] === undefined))
    return undefined;
  const verify = (controlAmounts: ControlAmounts) =>
    verifyRequest({
      entry,
      url: seen.url,
      body: fields,
      authorization: seen.authorization,
      keys: {
        login: fields["login"] ?? consumerKeyOf(seen.authorization) ?? "",
        controlKey: keys.controlKey ?? "",
        publicKey: keys.publicKey,
      },
      controlAmounts,
    });
  const result = await verify("iso-4217");
  if (result.ok) return { holds: true, controlAmounts: "iso-4217" };
  // A control that holds only with amounts in hundredths (as the vendor's PHP library signs JPY
  // and KWD) is signed by the spec's terms all the same: which way the gateway takes is evidence.
  if (scheme === "control" && (await verify("hundredths")).ok) return { holds: true, controlAmounts: "hundredths" };
  const specFile = operationSpecFile(entry.operationId);
  const terms = scheme === "control" ? ` over ${entry.signature.terms.join(" + ")}` : "";
  return {
    direction: "request",
    rule: "request-signature",
    field: scheme === "control" ? "control" : "Authorization",
    specFile,
    message: `the spec signs ${entry.operationId} with ${scheme}${terms}; this request's signature does not verify (${maskCardNumbersInText(result.reason)}). Spec file: ${specFile}`,
  };
}

/** True when a control-signed request signs an amount in a currency whose ISO 4217 exponent is not 2. */
function amountWithoutTwoDecimals(entry: OperationEntry, fields: Readonly<Record<string, string>>): boolean {
  const currency = fields["currency"];
  if (entry.signature.scheme !== "control" || currency === undefined) return false;
  if (!entry.signature.terms.some((term) => term === "amount" || entry.amountFields.includes(term))) return false;
  try {
    return currencyExponent(currency) !== 2;
  } catch {
    return false;
  }
}

/**
 * Checks a request against its operation in the spec: the method, a readable form body, its
 * fields (required, types, formats, enums, lengths: the sandbox's request validator) and, with the
 * merchant's keys, its signature recomputed by the spec's terms.
 */
export async function checkRequest(
  entry: OperationEntry,
  seen: SeenRequest,
  validator: RequestValidator,
  keys: ProxyKeys,
): Promise<RequestVerdict> {
  const pathFile = operationSpecFile(entry.operationId);
  if (seen.method !== "POST")
    return {
      findings: [
        {
          direction: "request",
          rule: "method",
          specFile: pathFile,
          message: `the spec has ${entry.operationId} as POST; seen ${seen.method.slice(0, 10)}. Spec file: ${pathFile}`,
        },
      ],
      fields: undefined,
      signatureHolds: undefined,
    };
  const form = parseForm(seen.text);
  if ("error" in form)
    return {
      findings: [
        {
          direction: "request",
          rule: "request-body",
          specFile: pathFile,
          message: `the spec gives ${entry.operationId} a form body (application/x-www-form-urlencoded); ${form.error}. Spec file: ${pathFile}`,
        },
      ],
      fields: undefined,
      signatureHolds: undefined,
    };
  const findings: FindingDraft[] = [];
  const schemaName = schemaNameOf(entry.path, "request");
  const check = validator.check(entry, form.fields);
  if (!check.ok) {
    const error = validator.schema(schemaName).errors?.[0];
    const missing = (error?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? error?.instancePath.split("/")[1] ?? "";
    const inner = /^#\/components\/schemas\/([^/]+)\//.exec(error?.schemaPath ?? "")?.[1] ?? schemaName;
    const specFile = schemaSpecFile(inner);
    findings.push({
      direction: "request",
      rule: "request-field",
      ...(field === "" ? {} : { field }),
      specFile,
      message: `the spec's ${schemaName} refuses this request: ${maskCardNumbersInText(check.message)}. Spec file: ${specFile}`,
    });
  }
  const signature = await signatureFinding(entry, seen, form.fields, keys).catch(() => undefined);
  if (signature === undefined) return { findings, fields: form.fields, signatureHolds: undefined };
  if (!("holds" in signature))
    return { findings: [...findings, signature], fields: form.fields, signatureHolds: false };
  const controlAmounts = amountWithoutTwoDecimals(entry, form.fields) ? signature.controlAmounts : undefined;
  return { findings, fields: form.fields, signatureHolds: true, controlAmounts };
}
