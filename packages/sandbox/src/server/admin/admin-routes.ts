import type { GatewayEngine } from "../../engine/gateway-engine.js";
import { checkReceivedRequestQuery, receivedRequestsMatching } from "../../engine/journal/received-request.js";
import { OrderPageQueryError, orderPageQueryOf } from "../../engine/orders/order-page-query.js";
import { errorCodes, type Reply, refuse } from "../../operations/replies.js";
import { type AdminBody, readAdminForm } from "./admin-body.js";
import { orderDetail } from "./order-detail.js";
import { orderSummary } from "./order-summary.js";
import { shownCallback } from "./shown-callback.js";

function json(httpStatus: 200 | 400, body: unknown): Reply {
  return { httpStatus, body: body as Record<string, unknown> };
}

/**
 * The admin endpoints under `/paynet/_admin`: callback deliveries, orders, the requests received,
 * and settlement on demand. They are the sandbox's own and carry no signature.
 */
export function adminRoute(
  engine: GatewayEngine,
  method: string,
  path: string,
  query: URLSearchParams,
  body: AdminBody,
): Reply | undefined {
  if (method === "GET" && path === "/_admin/callbacks") {
    const orderid = query.get("orderid");
    const callbacks = engine.callbacks.deliveries.filter((d) => orderid === null || d.orderid === orderid);
    return json(200, { callbacks: callbacks.map(shownCallback) });
  }
  if (method === "GET" && path === "/_admin/requests") {
    try {
      const asked = checkReceivedRequestQuery(Object.fromEntries(query));
      return json(200, { requests: receivedRequestsMatching(engine.journal.requests, asked) });
    } catch (error) {
      if (error instanceof TypeError) return refuse(error.message);
      throw error;
    }
  }
  if (method === "GET" && path === "/_admin/orders") {
    try {
      const page = engine.book.page(orderPageQueryOf(query));
      return json(200, { orders: page.orders.map(orderSummary), next_cursor: page.nextCursor ?? null });
    } catch (error) {
      if (error instanceof OrderPageQueryError) return refuse(error.message);
      throw error;
    }
  }
  const one = /^\/_admin\/orders\/([0-9]{1,20})$/.exec(path);
  if (method === "GET" && one !== null) {
    const order = engine.book.byOrderId(one[1] ?? "");
    if (order === undefined) return refuse(`no order ${one[1] ?? ""}`, errorCodes.unknownReference);
    return json(200, orderDetail(engine, order));
  }
  if (method === "POST" && path === "/_admin/settle") {
    const form = readAdminForm("settle", body.contentType, body.text, ["orderid"]);
    if ("error" in form) return refuse(form.error);
    const orderid = form.fields["orderid"] ?? query.get("orderid");
    if (orderid === "") return refuse("field 'orderid' is empty: send no body to settle every order");
    if (orderid === null) {
      const settled: string[] = [];
      for (const order of engine.book.all()) if (engine.settle(order) === undefined) settled.push(order.orderid);
      return json(200, { settled });
    }
    const order = engine.book.byOrderId(orderid);
    if (order === undefined) return refuse(`no order ${orderid}`, errorCodes.unknownReference);
    const refusal = engine.settle(order);
    if (refusal !== undefined) return refuse(refusal, errorCodes.stateRule);
    return json(200, { settled: [orderid] });
  }
  return undefined;
}
