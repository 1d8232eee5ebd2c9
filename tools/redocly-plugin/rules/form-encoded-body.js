import { resolveNode } from "./resolve.js";

const FORM = "application/x-www-form-urlencoded";

/**
 * Every operation of the API (a `POST`; the transactions report, a `GET` beside the API, takes
 * query parameters) has a required request body whose only media type is form-encoded.
 */
export function formEncodedBody() {
  return {
    // Only the API's operations: `webhooks` are what the gateway sends the merchant.
    Paths: {
      Operation(operation, ctx) {
        if (ctx.key === "get") return;
        const body = resolveNode(operation.requestBody, ctx);
        const types = Object.keys(body?.content ?? {});
        if (body?.required !== true || types.length !== 1 || types[0] !== FORM) {
          ctx.report({
            message: `Every operation must have a required request body whose only media type is ${FORM} (found: ${types.join(", ") || "none"}).`,
            location: ctx.location.child(["requestBody"]),
          });
        }
      },
    },
  };
}
