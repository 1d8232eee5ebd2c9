import openapiTS, { astToString } from "openapi-typescript";
import { tsBanner } from "./banner.ts";
import type { BundledSpec } from "./bundle-spec.ts";

/**
 * Turns the bundled spec into TypeScript declarations with openapi-typescript: `paths`,
 * `components`, `operations`, and one root alias per schema (`SaleRequest`, `StatusResponse`).
 */
export async function emitTypes(spec: BundledSpec): Promise<string> {
  // A deep copy: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(structuredClone(spec) as never, {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    silent: true,
  });
  return `${tsBanner}\n${astToString(ast)}`;
}
