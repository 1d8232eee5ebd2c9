import type { IncomingMessage } from "node:http";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { readBody } from "../api/form-body.js";
import { acsPage } from "./acs-page.js";
import { methodNotAllowedPage, notFoundPage, type PageReply } from "./end-pages.js";
import { hostedPage } from "./hosted-page.js";
import { pageAddressOf } from "./page-address.js";

/**
 * The answer to any address under the pages' prefix (`/hosted/…`, `/acs/…`, `path` without
 * `/paynet`): always a page, never the API's reply. GET shows a page, POST submits it.
 */
export async function pageRoute(
  engine: GatewayEngine,
  validator: RequestValidator,
  request: IncomingMessage,
  path: string,
): Promise<PageReply> {
  const method = request.method ?? "GET";
  const address = pageAddressOf(path, "/paynet");
  if (address.kind === "none") return notFoundPage();
  // Only GET shows a page and only POST submits it; anything else would read as an empty submission.
  if (method !== "GET" && method !== "POST") return methodNotAllowedPage(method);
  if (address.kind === "moved") return { httpStatus: 308, location: address.location };
  const body = method === "POST" ? await readBody(request) : "";
  return address.kind === "hosted"
    ? hostedPage(engine, validator, address.token, method, body)
    : acsPage(engine, address.token, method, body);
}
