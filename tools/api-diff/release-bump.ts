/**
 * Which packages a spec change reaches and which bump it needs. Every change reaches the types
 * (generated from the spec) and the client (its named operations and call types). A change to
 * `x-signature` also reaches the signer, which computes a different `control` for the same call,
 * and the sandbox, which then refuses what it accepted before.
 */
import type { ChangeKind } from "./change-rules.ts";
import type { SpecChange } from "./spec-changes.ts";

/** A changeset bump. */
export type Bump = "major" | "minor" | "patch";

const everyChange = ["@card-processing/types", "@card-processing/client"];
const signatureChange = ["@card-processing/signing", "@card-processing/sandbox"];

/**
 * Names the published packages a change reaches.
 *
 * @example
 * ```ts
 * affectedPackages(change); // ["@card-processing/types", "@card-processing/client"]
 * ```
 */
export function affectedPackages(change: SpecChange): string[] {
  return change.rule.aspect === "signature" ? [...everyChange, ...signatureChange] : [...everyChange];
}

/**
 * The least bump a change of `kind` needs at `version`, following semver's 0.x rule: below
 * 1.0.0 a breaking change is a minor bump and anything else a patch.
 *
 * @example
 * ```ts
 * requiredBump("breaking", "0.3.1"); // "minor"
 * requiredBump("breaking", "1.2.0"); // "major"
 * ```
 */
export function requiredBump(kind: ChangeKind, version: string): Bump {
  const major = Number.parseInt(version.split(".")[0] ?? "0", 10);
  if (kind === "breaking") return major >= 1 ? "major" : "minor";
  return major >= 1 ? "minor" : "patch";
}

const rank: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };

/**
 * Whether a pending bump is at least the required one.
 *
 * @example
 * ```ts
 * bumpCovers("major", "minor"); // true
 * ```
 */
export function bumpCovers(pending: Bump, required: Bump): boolean {
  return rank[pending] >= rank[required];
}
