import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { pageEndingOf } from "../../engine/time/page-lifetime.js";
import { backToShopForm } from "./customer-return.js";
import { escapeHtml, page } from "./html.js";

/** An HTML answer of the page routes. */
export interface PageReply {
  readonly httpStatus: number;
  readonly html?: string;
  readonly location?: string;
  /** The methods the address takes, for a 405. */
  readonly allow?: string;
}

/** The page of an address under the pages' prefix that names no page. */
export function notFoundPage(): PageReply {
  return {
    httpStatus: 404,
    html: page(
      "Not found",
      `<h1>This payment page does not exist</h1>
<p>Check the link the shop sent you to, or go back to the shop and start the payment again.</p>`,
    ),
  };
}

/** The page of a method a payment page does not take (only GET shows it, only POST submits it). */
export function methodNotAllowedPage(method: string): PageReply {
  return {
    httpStatus: 405,
    allow: "GET, POST",
    html: page(
      "Method not allowed",
      `<h1>${escapeHtml(method)} is not allowed here</h1><p>Open the page (GET) to see it; its form submits it (POST).</p>`,
    ),
  };
}

/**
 * The page of an order the customer can no longer act on, with a way back to the shop: its link
 * expired (410), the customer cancelled it, or it was already submitted (409).
 */
export async function endPage(
  engine: GatewayEngine,
  order: Order,
  finished = "This page was already submitted",
): Promise<PageReply> {
  const ending = pageEndingOf(order);
  const [httpStatus, title] =
    ending === "expired"
      ? [410, "This payment page has expired"]
      : ending === "cancelled"
        ? [409, "This payment was cancelled"]
        : [409, finished];
  const said =
    ending === "expired"
      ? "<p>The time to pay on this page is over and nothing was charged. Go back to the shop to start again.</p>"
      : `<p>Order status: ${escapeHtml(order.status)}</p>`;
  return { httpStatus, html: page(title, `<h1>${title}</h1>\n${said}\n${await backToShopForm(engine, order)}`) };
}
