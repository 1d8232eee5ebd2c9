const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Writes, as TypeScript source, the type that `value as const` has: literal types for strings,
 * numbers and booleans, readonly tuples for arrays and objects with readonly members, in the
 * value's key order. The generator uses it where the value itself ships in another form.
 *
 * @example
 * ```ts
 * typeLiteral({ scheme: "control", terms: ["login"], assumed: false });
 * // {
 * //   readonly scheme: "control";
 * //   readonly terms: readonly ["login"];
 * //   readonly assumed: false;
 * // }
 * ```
 */
export function typeLiteral(value: unknown, indent = ""): string {
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `readonly [${value.map((item) => typeLiteral(item, indent)).join(", ")}]`;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const inner = `${indent}  `;
    const members = Object.entries(value).map(
      ([key, item]) => `${inner}readonly ${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${typeLiteral(item, inner)};`,
    );
    return members.length === 0 ? "{}" : `{\n${members.join("\n")}\n${indent}}`;
  }
  throw new Error(`No literal type for ${String(value)}`);
}
