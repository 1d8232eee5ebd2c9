// Express 5 (and node:http): Node's (req, res) reaches the handler through toNodeListener.
import { toNodeListener } from "@card-processing/client/callback-handler";
import express from "express";

export function expressApp(handler: (request: Request) => Promise<Response>): express.Express {
  const app = express();
  app.all("/payments/callback", toNodeListener(handler));
  return app;
}
