// Fastify 5: the route hands Node's raw request and reply to toNodeListener (a POST form would
// need a content-type parser; the gateway's callbacks are GETs).
import { toNodeListener } from "@card-processing/client/callback-handler";
import Fastify, { type FastifyInstance } from "fastify";

export function fastifyApp(handler: (request: Request) => Promise<Response>): FastifyInstance {
  const app = Fastify();
  const listener = toNodeListener(handler);
  app.get("/payments/callback", async (request, reply) => {
    reply.hijack();
    await listener(request.raw, reply.raw);
  });
  return app;
}
