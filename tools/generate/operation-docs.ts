// The same sentence the API reference shows for a signature: one home for the wording.
import { signatureProse } from "../redocly-plugin/decorators/signature-prose.js";
import { postOperations } from "./api-operations.ts";
import type { BundledSpec } from "./bundle-spec.ts";
import { buildOperationTable } from "./emit-operation-table.ts";
import { mediaTypesOf } from "./wire-format.ts";

/** What the SDK documentation says about one operation, read from the bundled spec alone. */
export interface OperationDocs {
  readonly operationId: string;
  readonly path: string;
  /** The operation's first tag: its group in the API reference and in the SDK reference. */
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** The signature rule in words, as the API reference writes it (Markdown). */
  readonly signature: string;
  readonly movesMoney: boolean;
  /** The body field holding the merchant's order id, however the operation spells it. */
  readonly clientOrderIdField: string | undefined;
  /** Body fields the spec requires, without those the gateway supplies when it signs. */
  readonly requiredFields: readonly string[];
  /** The 200 reply: its schema's name and the spec's description of it. */
  readonly reply: { readonly schema: string; readonly description: string };
  /** The spec's first request example, without the fields the gateway supplies when it signs. */
  readonly example: Readonly<Record<string, unknown>>;
  /** The operation's page in the published API reference. */
  readonly referenceUrl: string;
  /** Its endpoint group address (`x-endpoint-group`), when its page lists one. */
  readonly groupPath: string | undefined;
  /** What the signature makes of the group id at that address, in words (Markdown). */
  readonly groupSigning: string;
}

/**
 * The fields the gateway's signer fills in: `control` always, `login` where the signature's terms
 * name it (the client's `SignerSuppliedField` type states the same rule for the body types).
 */
export function signerSuppliedFields(terms: readonly string[]): readonly string[] {
  return terms.includes("login") ? ["control", "login"] : ["control"];
}

/**
 * The address of an operation's page in the API reference, as Redoc builds it: the tag and the
 * operation id, lowercased, spaces as dashes (`#/hosted-forms/saleform`).
 */
export function referenceUrl(siteUrl: string, tag: string, operationId: string): string {
  const slug = (text: string) => text.toLowerCase().replace(/\s+/g, "-");
  return `${siteUrl}api/index.html#/${slug(tag)}/${slug(operationId)}`;
}

/** The published documentation site, from the spec's root `externalDocs`, ending with `/`. */
export function docsSiteUrl(spec: BundledSpec): string {
  const url = spec.externalDocs?.url;
  if (typeof url !== "string" || !/^https:\/\/.+\/$/.test(url)) {
    throw new Error("externalDocs.url of the spec must be the documentation site's https address, ending with /");
  }
  return url;
}

/** Reads every operation's documentation from the bundled spec, in the spec's tag order. */
export function buildOperationDocs(spec: BundledSpec): OperationDocs[] {
  const siteUrl = docsSiteUrl(spec);
  // The runtime facts (signature, required fields, money flag) as the operation table reads them.
  const table = buildOperationTable(spec);
  const media = mediaTypesOf(spec);
  const tagOrder: string[] = (spec.tags ?? []).map((tag: { name: string }) => tag.name);
  const docs: OperationDocs[] = [];
  for (const [path, op] of postOperations(spec)) {
    const where = `POST ${path}`;
    const tag = op?.tags?.[0];
    if (typeof tag !== "string" || !tagOrder.includes(tag))
      throw new Error(`${where}: its first tag must be one of the spec's tags`);
    if (typeof op.summary !== "string" || op.summary.trim() === "") throw new Error(`${where}: summary is missing`);
    const entry = table[path];
    const signature = signatureProse(op["x-signature"]);
    if (!entry || !signature) throw new Error(`${where}: x-signature must have a known scheme`);
    const examples = Object.values<any>(op.requestBody?.content?.[media.form]?.examples ?? {});
    const value = examples[0]?.value;
    if (!value || typeof value !== "object") throw new Error(`${where}: the request body needs an example`);
    const supplied = signerSuppliedFields(entry.signature.terms);
    const ok = op.responses?.["200"];
    const replyRef: string = ok?.content?.[media.vendor]?.schema?.$ref ?? "";
    docs.push({
      operationId: op.operationId,
      path,
      tag,
      summary: op.summary.trim(),
      description: (op.description ?? "").trim(),
      signature,
      movesMoney: entry.movesMoney,
      clientOrderIdField: entry.clientOrderIdFields[0],
      requiredFields: entry.requiredFields.filter((field) => !supplied.includes(field)),
      reply: { schema: replyRef.slice(replyRef.lastIndexOf("/") + 1), description: (ok?.description ?? "").trim() },
      example: Object.fromEntries(Object.entries(value).filter(([field]) => !supplied.includes(field))),
      referenceUrl: referenceUrl(siteUrl, tag, op.operationId),
      groupPath: entry.groupPath,
      groupSigning:
        entry.signature.scheme === "control"
          ? "its `control` term `endpointId` is then the group id"
          : "the OAuth signature covers that address, group id included",
    });
  }
  return docs.sort((a, b) => tagOrder.indexOf(a.tag) - tagOrder.indexOf(b.tag));
}
