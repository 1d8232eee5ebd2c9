/**
 * What one page of orders asks for: how many, after which cursor, which status, which id.
 *
 * @example
 * ```ts
 * import { startSandbox, type OrderPageQuery } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * const query: OrderPageQuery = { limit: 20, status: "declined" };
 * console.log(sandbox.orders(query).orders.length);
 * await sandbox.close();
 * ```
 */
export interface OrderPageQuery {
  /** Orders on the page, 1 to 500 (default 50). */
  readonly limit?: number;
  /** The `next_cursor` of the page before; absent for the newest orders. */
  readonly cursor?: string;
  /** Only orders in this status (`approved`, `declined`, `processing`, `error`, `filtered`, `unknown`). */
  readonly status?: string;
  /**
   * Only orders whose `orderid` or `client_orderid` is exactly this text (found at once), or else
   * contains it, ignoring case (read newest first, a bounded number of orders per page).
   */
  readonly q?: string;
}

/** The most orders one page holds. */
export const LARGEST_ORDER_PAGE = 500;
/** The orders on a page when the query names no limit. */
export const DEFAULT_ORDER_PAGE = 50;

/**
 * A page query that breaks a rule: the message names the field and the rule.
 *
 * @example
 * ```ts
 * import { OrderPageQueryError, startSandbox } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * try {
 *   sandbox.orders({ limit: 10_000 });
 * } catch (error) {
 *   if (error instanceof OrderPageQueryError) console.log(error.message); // field 'limit': ...
 * }
 * await sandbox.close();
 * ```
 */
export class OrderPageQueryError extends Error {
  override readonly name = "OrderPageQueryError";
}

/**
 * Reads `limit`, `cursor`, `status` and `q` from a query string into a page query, throwing
 * `OrderPageQueryError` naming the field when one is malformed.
 */
export function orderPageQueryOf(params: URLSearchParams): OrderPageQuery {
  const limit = params.get("limit");
  const query: OrderPageQuery = {
    ...(limit === null || limit === "" ? {} : { limit: limitOf(limit) }),
    ...textField(params, "cursor"),
    ...textField(params, "status"),
    ...textField(params, "q"),
  };
  checkOrderPageQuery(query);
  return query;
}

function limitOf(text: string): number {
  if (!/^[0-9]{1,4}$/.test(text))
    throw new OrderPageQueryError(
      `field 'limit': expected a whole number from 1 to ${LARGEST_ORDER_PAGE}, got ${JSON.stringify(text)}`,
    );
  return Number(text);
}

function textField(params: URLSearchParams, name: "cursor" | "status" | "q"): Partial<Record<typeof name, string>> {
  const value = params.get(name);
  return value === null || value === "" ? {} : { [name]: value };
}

/** Throws `OrderPageQueryError` naming the field when `query` breaks a rule. */
export function checkOrderPageQuery(query: OrderPageQuery): void {
  const { limit, cursor, status, q } = query;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > LARGEST_ORDER_PAGE))
    throw new OrderPageQueryError(
      `field 'limit': expected a whole number from 1 to ${LARGEST_ORDER_PAGE}, got ${JSON.stringify(limit)}`,
    );
  if (cursor !== undefined && !/^[0-9]{1,20}$/.test(cursor))
    throw new OrderPageQueryError(
      `field 'cursor': expected the next_cursor of an earlier page (digits), got ${JSON.stringify(cursor)}`,
    );
  if (status !== undefined && !/^[a-z_-]{1,32}$/.test(status))
    throw new OrderPageQueryError(`field 'status': expected a status such as approved, got ${JSON.stringify(status)}`);
  if (q !== undefined && q.length > 128)
    throw new OrderPageQueryError(`field 'q': expected an orderid or client_orderid of at most 128 characters`);
}
