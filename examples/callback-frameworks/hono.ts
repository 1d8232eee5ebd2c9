// Hono 4: the handler takes Hono's raw Request as it is.
import { Hono } from "hono";

export function honoApp(handler: (request: Request) => Promise<Response>): Hono {
  const app = new Hono();
  app.on(["GET", "POST"], "/payments/callback", (c) => handler(c.req.raw));
  return app;
}
