import type { OperationEntry, OperationId } from "@card-processing/types";
import type { GatewayEngine } from "../engine/gateway-engine.js";
import type { Reply, ReplyBodyOf } from "./replies.js";

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

/** Carries out an operation and answers a reply with `Body`; throws `Refused` to answer 400. */
export type ReplyHandler<Body extends object> = (context: OperationContext) => Reply<Body> | Promise<Reply<Body>>;

/** Carries out operation `Id` and answers its spec reply type. */
export type OperationHandler<Id extends OperationId = OperationId> = ReplyHandler<ReplyBodyOf<Id>>;

/**
 * Handlers by generated operation id. An id without one is answered by the generic spec-driven
 * reply, so an operation added to the spec is served before anyone writes a handler for it.
 */
export type OperationHandlerTable = { readonly [Id in OperationId]?: OperationHandler<Id> };
