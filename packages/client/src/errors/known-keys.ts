import { usageError } from "./usage-error.js";

/**
 * Refuses an options object with a key the call does not take, naming it: from JavaScript a
 * misspelt option (`{ initialDelayMs: 20 }` for `firstDelayMs`) would otherwise be ignored
 * without a word and the defaults apply.
 */
export function checkKnownKeys(options: unknown, known: readonly string[], prefix: string, where: string): void {
  if (options === null || typeof options !== "object") return;
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw usageError(
        "ERR_OPTION_INVALID",
        `${prefix === "" ? "" : `${prefix}.`}${key}`,
        `unknown option; it takes ${known.join(", ")}`,
        where,
      );
    }
  }
}
