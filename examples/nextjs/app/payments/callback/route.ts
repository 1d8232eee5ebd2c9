// app/payments/callback/route.ts: the callback endpoint as a Next.js route handler. `next build`
// imports this module to collect its routes, where the key is not set (and should not be), so the
// handler is made at request time, from the environment the server runs with; the module only
// exports functions.
import { createCallbackHandler } from "@card-processing/client/callback-handler";
import { recordCallback } from "../../../orders";

let handler: ((request: Request) => Promise<Response>) | undefined;

function callbackHandler(): (request: Request) => Promise<Response> {
  handler ??= createCallbackHandler({
    controlKey: process.env.MERCHANT_CONTROL_KEY ?? "",
    onCallback: recordCallback,
  });
  return handler;
}

export function GET(request: Request): Promise<Response> {
  return callbackHandler()(request);
}

export function POST(request: Request): Promise<Response> {
  return callbackHandler()(request);
}
