import { expect } from "vitest";
import type { SampleOperation } from "./sample-operation.ts";

/**
 * The JSON a sample printed must be its operation's reply: one object, or for a list operation
 * (get-balance) a list whose every item is checked, each with the spec's `type` where it fixes
 * one, the keys every reply carries, and no refusal.
 */
export function expectJsonReply(op: SampleOperation, printed: string): void {
  const reply = JSON.parse(printed) as Record<string, unknown> | Record<string, unknown>[];
  const items = Array.isArray(reply) ? reply : [reply];
  expect(items.length, `${op.operationId} printed an empty list`).toBeGreaterThan(0);
  for (const item of items) {
    if (op.reply.type !== undefined) expect(item["type"]).toBe(op.reply.type);
    expect(Object.keys(item)).toEqual(expect.arrayContaining([...(op.reply.requiredKeys ?? [])]));
    expect(String(item["type"] ?? "")).not.toMatch(/error/);
  }
}
