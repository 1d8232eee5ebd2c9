import {
  dataOf,
  type FileFixture,
  type Fixture,
  fixtureForFile,
  orderId,
  paymentBody,
  startFixture,
} from "./sandbox-fixture.testlib.js";

/** Processing time of the manual-clock fixtures: an order is final once the clock moves this far. */
export const LATENCY_MS = 1_000;

/** A sandbox whose clock moves only when a test advances it. */
export function startManualFixture(options: Parameters<typeof startFixture>[0] = {}): Promise<Fixture> {
  return startFixture({ clock: "manual", latencyMs: LATENCY_MS, ...options });
}

/** A manual-clock sandbox (and a merchant web server) for the whole test file, as `fixtureForFile` starts one. */
export function manualFixtureForFile(options: Parameters<typeof startFixture>[0] = {}): FileFixture {
  return fixtureForFile({ clock: "manual", latencyMs: LATENCY_MS, ...options });
}

/** An order of a manual-clock sandbox, final after one latency of sandbox time. */
export interface PlacedOrder {
  readonly id: string;
  readonly orderid: string;
}

/** Places a sale (optionally with callback addresses) and advances the clock until it is final. */
export async function finalSale(
  f: Fixture,
  extra: Record<string, string> = {},
  card = "4111111111111111",
  amount = "20.00",
): Promise<PlacedOrder> {
  const id = orderId("ev");
  const ack = dataOf(await f.gateway.sale({ ...paymentBody(id, card, amount), ...extra }));
  await f.sandbox.clock.advance(LATENCY_MS);
  return { id, orderid: ack["paynet-order-id"] };
}

/** POSTs a form to an admin path of the sandbox and reads the JSON reply. */
export async function adminPost(
  f: Fixture,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${f.sandbox.url}/_admin/${path}`, { method: "POST", body: new URLSearchParams(form) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** GETs an admin path of the sandbox and reads the JSON reply. */
export async function adminGet<T = Record<string, unknown>>(f: Fixture, path: string): Promise<T> {
  const response = await fetch(`${f.sandbox.url}/_admin/${path}`);
  return (await response.json()) as T;
}
