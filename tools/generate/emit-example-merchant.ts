import { tsBanner } from "./banner.ts";
import type { BundledSpec } from "./bundle-spec.ts";

const KEYS = ["login", "endpointId", "controlKey", "rsaPublicKeyPem", "rsaPrivateKeyPem"] as const;

/** The spec's `x-example-merchant`, checked to hold every value the packages and the docs read. */
export function exampleMerchantOf(spec: BundledSpec): Record<(typeof KEYS)[number], string | number> {
  const merchant = spec["x-example-merchant"];
  if (merchant === null || typeof merchant !== "object")
    throw new Error("the spec needs x-example-merchant at its root");
  const missing = KEYS.filter((key) => merchant[key] === undefined);
  if (missing.length > 0) throw new Error(`x-example-merchant lacks ${missing.join(", ")}`);
  return Object.fromEntries(KEYS.map((key) => [key, merchant[key]])) as Record<(typeof KEYS)[number], string | number>;
}

/** Renders the example merchant of the spec as a TypeScript module of one `as const` literal. */
export function emitExampleMerchant(spec: BundledSpec): string {
  return `${tsBanner}
/**
 * The one documented example merchant of the reference (the spec's \`x-example-merchant\`): its
 * login, endpoint id, control key and RSA test pair. Every request sample and example \`control\`
 * of the reference is signed with it, and a sandbox started on loopback with no key options
 * accepts it. Never use these values outside a sandbox.
 *
 * @example
 * \`\`\`ts
 * import { exampleMerchant } from "@card-processing/types";
 * exampleMerchant.endpointId; // 1111
 * \`\`\`
 */
export const exampleMerchant = ${JSON.stringify(exampleMerchantOf(spec), null, 2)} as const;
`;
}
