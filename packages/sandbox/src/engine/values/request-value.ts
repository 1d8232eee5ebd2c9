/**
 * A request value as the gateway reads it: leading and trailing whitespace ignored (the documented
 * gateway's rule for request values). The one home of that rule in the sandbox.
 */
export function significantValue(value: string): string {
  return value.trim();
}
