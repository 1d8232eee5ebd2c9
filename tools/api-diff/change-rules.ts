/**
 * The table of spec change rules: what each kind of change means for code written against
 * `@card-processing/types` and `@card-processing/client`. A request field is something users
 * send, so narrowing it breaks them; a reply field is something users read, so widening it (a new
 * enum value, a second type, a field that may be missing) breaks typed code. Format, pattern,
 * length and range are not part of the generated types: on a reply they change nothing a compiler
 * sees. A change to the signature terms changes the `control` every signer computes.
 */

/** `breaking` needs a major release (a minor one below 1.0.0); `additive` does not. */
export type ChangeKind = "breaking" | "additive";

/** Where a change sits. */
export type ChangeSide = "operation" | "request" | "reply";

/** What changed: a whole field or operation, or one aspect of a field. */
export type ChangeAspect =
  | "operation"
  | "signature"
  | "group-address"
  | "field"
  | "required"
  | "type"
  | "enum"
  | "constraint";

/** The direction of a change: the set of accepted values shrank (`narrowed`) or grew. */
export type ChangeDirection = "added" | "removed" | "moved" | "changed" | "narrowed" | "widened";

/** One row of the table. */
export interface ChangeRule {
  /** Stable name; the rule's fixture pair is `fixtures/<id>.yaml`. */
  readonly id: string;
  readonly side: ChangeSide;
  readonly aspect: ChangeAspect;
  readonly direction: ChangeDirection;
  /** For a new request field only: whether it is required. */
  readonly required?: boolean;
  readonly kind: ChangeKind;
}

/** Every rule, one row each. */
export const changeRules: readonly ChangeRule[] = [
  { id: "operation-added", side: "operation", aspect: "operation", direction: "added", kind: "additive" },
  { id: "operation-removed", side: "operation", aspect: "operation", direction: "removed", kind: "breaking" },
  { id: "operation-moved", side: "operation", aspect: "operation", direction: "moved", kind: "breaking" },
  { id: "signature-changed", side: "operation", aspect: "signature", direction: "changed", kind: "breaking" },
  // An endpoint group address (`x-endpoint-group`) is a second path of the operation.
  { id: "group-address-added", side: "operation", aspect: "group-address", direction: "added", kind: "additive" },
  { id: "group-address-removed", side: "operation", aspect: "group-address", direction: "removed", kind: "breaking" },
  { id: "request-field-removed", side: "request", aspect: "field", direction: "removed", kind: "breaking" },
  {
    id: "request-field-added-required",
    side: "request",
    aspect: "field",
    direction: "added",
    required: true,
    kind: "breaking",
  },
  {
    id: "request-field-added-optional",
    side: "request",
    aspect: "field",
    direction: "added",
    required: false,
    kind: "additive",
  },
  { id: "request-field-now-required", side: "request", aspect: "required", direction: "narrowed", kind: "breaking" },
  { id: "request-field-now-optional", side: "request", aspect: "required", direction: "widened", kind: "additive" },
  { id: "request-type-narrowed", side: "request", aspect: "type", direction: "narrowed", kind: "breaking" },
  { id: "request-type-widened", side: "request", aspect: "type", direction: "widened", kind: "additive" },
  { id: "request-enum-narrowed", side: "request", aspect: "enum", direction: "narrowed", kind: "breaking" },
  { id: "request-enum-widened", side: "request", aspect: "enum", direction: "widened", kind: "additive" },
  { id: "request-constraint-narrowed", side: "request", aspect: "constraint", direction: "narrowed", kind: "breaking" },
  { id: "request-constraint-widened", side: "request", aspect: "constraint", direction: "widened", kind: "additive" },
  { id: "reply-field-removed", side: "reply", aspect: "field", direction: "removed", kind: "breaking" },
  { id: "reply-field-added", side: "reply", aspect: "field", direction: "added", kind: "additive" },
  { id: "reply-field-now-optional", side: "reply", aspect: "required", direction: "widened", kind: "breaking" },
  { id: "reply-field-now-required", side: "reply", aspect: "required", direction: "narrowed", kind: "additive" },
  { id: "reply-type-widened", side: "reply", aspect: "type", direction: "widened", kind: "breaking" },
  { id: "reply-type-narrowed", side: "reply", aspect: "type", direction: "narrowed", kind: "additive" },
  { id: "reply-enum-widened", side: "reply", aspect: "enum", direction: "widened", kind: "breaking" },
  { id: "reply-enum-narrowed", side: "reply", aspect: "enum", direction: "narrowed", kind: "additive" },
  { id: "reply-constraint-narrowed", side: "reply", aspect: "constraint", direction: "narrowed", kind: "additive" },
  { id: "reply-constraint-widened", side: "reply", aspect: "constraint", direction: "widened", kind: "additive" },
];

/**
 * Finds the rule for a change. A change that both removes and adds accepted values (`changed`)
 * counts as the direction that breaks: narrowed for a request, widened for a reply.
 *
 * @example
 * ```ts
 * changeRule("request", "enum", "narrowed").kind; // "breaking"
 * ```
 */
export function changeRule(
  side: ChangeSide,
  aspect: ChangeAspect,
  direction: ChangeDirection,
  required?: boolean,
): ChangeRule {
  const effective =
    direction === "changed" && side !== "operation" ? (side === "request" ? "narrowed" : "widened") : direction;
  const rule = changeRules.find(
    (r) =>
      r.side === side &&
      r.aspect === aspect &&
      r.direction === effective &&
      (r.required === undefined || r.required === required),
  );
  if (!rule) throw new Error(`No change rule for ${side} ${aspect} ${direction}.`);
  return rule;
}
