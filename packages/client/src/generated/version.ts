// This file is generated from packages/client/package.json by `pnpm generate`. Do not edit it by hand:
// `pnpm version-packages` bumps the version and writes it again.

/**
 * The version of `@card-processing/client` in use, as its package.json gives it.
 *
 * @example
 * ```ts
 * import { version } from "@card-processing/client";
 * console.log(`card-processing-sdk/${version}`); // "card-processing-sdk/0.2.0"
 * ```
 */
export const version = "0.2.0";
