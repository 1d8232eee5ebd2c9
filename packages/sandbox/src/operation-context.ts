import type { OperationEntry } from "@card-processing/types";
import type { GatewayEngine } from "./gateway-engine.js";
import type { Reply } from "./replies.js";

/** What a handler receives: the operation's entry, the validated request and the engine. */
export interface OperationContext {
  readonly entry: OperationEntry;
  readonly endpointId: string;
  /** Form fields as sent (strings). */
  readonly fields: Readonly<Record<string, string>>;
  /** The same fields after schema coercion (integers and booleans converted). */
  readonly value: Readonly<Record<string, unknown>>;
  readonly engine: GatewayEngine;
}

/** Carries out one operation; throws `Refused` to answer 400. */
export type OperationHandler = (context: OperationContext) => Reply | Promise<Reply>;
