/**
 * Compares two bundled specs operation by operation and field by field, and classifies every
 * difference with the rule table of `change-rules.ts`.
 */
import type { BundledSpec } from "../generate/bundle-spec.ts";
import { type ApiOperation, apiOperations, type FieldShape } from "./api-model.ts";
import { type ChangeDirection, type ChangeRule, type ChangeSide, changeRule } from "./change-rules.ts";

/** One classified difference between two specs. */
export interface SpecChange {
  /** The operation's id (`sale`). */
  readonly operation: string;
  /** What changed, in words: `request field amount: maxLength 10 → 8`. */
  readonly text: string;
  readonly rule: ChangeRule;
}

/** Compares two sets of accepted values; `undefined` means "anything". */
function compareSets(
  before: readonly unknown[] | undefined,
  after: readonly unknown[] | undefined,
): ChangeDirection | undefined {
  const a = before === undefined ? undefined : new Set(before.map((v) => JSON.stringify(v)));
  const b = after === undefined ? undefined : new Set(after.map((v) => JSON.stringify(v)));
  if (!a && !b) return undefined;
  if (!a) return "narrowed";
  if (!b) return "widened";
  const lost = [...a].some((v) => !b.has(v));
  const gained = [...b].some((v) => !a.has(v));
  return lost && gained ? "changed" : lost ? "narrowed" : gained ? "widened" : undefined;
}

function compareBound(
  before: number | undefined,
  after: number | undefined,
  upper: boolean,
): ChangeDirection | undefined {
  if (before === after) return undefined;
  if (before === undefined) return "narrowed";
  if (after === undefined) return "widened";
  return (upper ? after < before : after > before) ? "narrowed" : "widened";
}

function compareText(before: string | undefined, after: string | undefined): ChangeDirection | undefined {
  return compareSets(before === undefined ? undefined : [before], after === undefined ? undefined : [after]);
}

const show = (value: unknown): string => (value === undefined ? "none" : JSON.stringify(value));

/** Each aspect of a field, compared on its own: one entry per thing a change can touch. */
const fieldAspects: ReadonlyArray<{
  aspect: "required" | "type" | "enum" | "constraint";
  name: string;
  compare: (a: FieldShape, b: FieldShape) => ChangeDirection | undefined;
  value: (f: FieldShape) => unknown;
}> = [
  {
    aspect: "required",
    name: "required",
    compare: (a, b) => (a.required === b.required ? undefined : b.required ? "narrowed" : "widened"),
    value: (f) => f.required,
  },
  {
    aspect: "type",
    name: "type",
    compare: (a, b) => compareSets(a.types.length ? a.types : undefined, b.types.length ? b.types : undefined),
    value: (f) => (f.types.length ? f.types.join(" | ") : "any"),
  },
  { aspect: "enum", name: "enum", compare: (a, b) => compareSets(a.enum, b.enum), value: (f) => f.enum },
  { aspect: "constraint", name: "format", compare: (a, b) => compareText(a.format, b.format), value: (f) => f.format },
  {
    aspect: "constraint",
    name: "pattern",
    compare: (a, b) => compareText(a.pattern, b.pattern),
    value: (f) => f.pattern,
  },
  {
    aspect: "constraint",
    name: "minLength",
    compare: (a, b) => compareBound(a.minLength, b.minLength, false),
    value: (f) => f.minLength,
  },
  {
    aspect: "constraint",
    name: "maxLength",
    compare: (a, b) => compareBound(a.maxLength, b.maxLength, true),
    value: (f) => f.maxLength,
  },
  {
    aspect: "constraint",
    name: "minimum",
    compare: (a, b) => compareBound(a.minimum, b.minimum, false),
    value: (f) => f.minimum,
  },
  {
    aspect: "constraint",
    name: "maximum",
    compare: (a, b) => compareBound(a.maximum, b.maximum, true),
    value: (f) => f.maximum,
  },
];

function diffFields(
  side: "request" | "reply",
  operation: string,
  before: ReadonlyMap<string, FieldShape>,
  after: ReadonlyMap<string, FieldShape>,
): SpecChange[] {
  const changes: SpecChange[] = [];
  const label = side === "request" ? "request field" : "reply";
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (!b) changes.push({ operation, text: `${label} ${name} removed`, rule: changeRule(side, "field", "removed") });
    else if (!a) {
      const text = `${label} ${name} added${b.required ? " (required)" : side === "request" ? " (optional)" : ""}`;
      changes.push({ operation, text, rule: changeRule(side, "field", "added", b.required) });
    } else {
      for (const { aspect, name: what, compare, value } of fieldAspects) {
        const direction = compare(a, b);
        if (!direction) continue;
        const text = `${label} ${name}: ${what} ${show(value(a))} → ${show(value(b))}`;
        changes.push({ operation, text, rule: changeRule(side, aspect, direction) });
      }
    }
  }
  return changes;
}

function diffOperation(id: string, a: ApiOperation | undefined, b: ApiOperation | undefined): SpecChange[] {
  const side: ChangeSide = "operation";
  if (!b && a)
    return [{ operation: id, text: `${a.method} ${a.path} removed`, rule: changeRule(side, "operation", "removed") }];
  if (!a && b)
    return [{ operation: id, text: `${b.method} ${b.path} added`, rule: changeRule(side, "operation", "added") }];
  if (!a || !b) return [];
  const changes: SpecChange[] = [];
  if (a.method !== b.method || a.path !== b.path) {
    const text = `moved from ${a.method} ${a.path} to ${b.method} ${b.path}`;
    changes.push({ operation: id, text, rule: changeRule(side, "operation", "moved") });
  }
  if (a.signature !== b.signature) {
    const text = `x-signature ${a.signature ?? "none"} → ${b.signature ?? "none"}`;
    changes.push({ operation: id, text, rule: changeRule(side, "signature", "changed") });
  }
  // A group address that changed is one removed (callers of the old one break) and one added.
  if (a.groupPath !== undefined && a.groupPath !== b.groupPath) {
    const text = `endpoint group address ${a.method} ${a.groupPath} removed`;
    changes.push({ operation: id, text, rule: changeRule(side, "group-address", "removed") });
  }
  if (b.groupPath !== undefined && a.groupPath !== b.groupPath) {
    const text = `endpoint group address ${b.method} ${b.groupPath} added`;
    changes.push({ operation: id, text, rule: changeRule(side, "group-address", "added") });
  }
  return [...changes, ...diffFields("request", id, a.request, b.request), ...diffFields("reply", id, a.reply, b.reply)];
}

/**
 * Lists every change from `before` to `after`, sorted by operation, breaking changes first.
 *
 * @example
 * ```ts
 * const changes = specChanges(await bundleSpecAt(repoRoot, "HEAD~1"), await bundleSpec(repoRoot));
 * const breaking = changes.filter((c) => c.rule.kind === "breaking");
 * ```
 */
export function specChanges(before: BundledSpec, after: BundledSpec): SpecChange[] {
  const a = apiOperations(before);
  const b = apiOperations(after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
  return ids
    .flatMap((id) => diffOperation(id, a.get(id), b.get(id)))
    .sort(
      (x, y) =>
        x.operation.localeCompare(y.operation) ||
        (x.rule.kind === y.rule.kind ? 0 : x.rule.kind === "breaking" ? -1 : 1),
    );
}
