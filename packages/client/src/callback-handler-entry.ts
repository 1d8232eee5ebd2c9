// The entry of `@card-processing/client/callback-handler`: the callback endpoint for web-standard
// frameworks and Node, kept out of the main entry so a shop that only sends payments does not
// bundle it (the main entry's size budget is 13 kB gzipped).

export type { VerifiedCallback } from "./callback.js";
export type { ConfirmedOrder } from "./callback-confirm.js";
export { createCallbackHandler } from "./callback-handler.js";
export type { CallbackEvent, CallbackHandlerOptions } from "./callback-handler-options.js";
export type { StoredOrder } from "./callback-order-check.js";
export type { CallbackClaim, CallbackSeen, CallbackSeenSet } from "./callback-seen.js";
export { callbackEventKey, memoryCallbackSeen } from "./callback-seen.js";
export type { NodeRequestLike, NodeResponseLike } from "./node-listener.js";
export { toNodeListener } from "./node-listener.js";
export type { SqlCallbackClaims, SqlQuery } from "./sql-callback-claims.js";
export { sqlCallbackClaims } from "./sql-callback-claims.js";
