import { EventRefusedError } from "../../engine/events/order-event.js";
import { triggerEvent } from "../../engine/events/trigger-event.js";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import { errorCodes, Refused, type Reply, refuse } from "../../operations/replies.js";
import type { AdminBody } from "./admin-body.js";
import { adminForm } from "./admin-form.js";
import { shownCallback } from "./shown-callback.js";

function json(body: unknown): Reply {
  return { httpStatus: 200, body: body as Record<string, unknown> };
}

function nowOf(engine: GatewayEngine): string {
  return new Date(engine.clock.now()).toISOString();
}

// Ten years: far beyond any schedule, and safely inside what a Date can hold.
const LONGEST_ADVANCE_MS = 10 * 366 * 24 * 60 * 60 * 1000;

async function advanceClock(engine: GatewayEngine, body: AdminBody, query: URLSearchParams): Promise<Reply> {
  const text = adminForm("clock", body, query, ["advance_ms"]).get("advance_ms");
  if (text === undefined || text === "")
    throw new Refused("missing required field 'advance_ms' (milliseconds to move the clock forward)");
  if (!/^[0-9]{1,15}$/.test(text) || Number(text) > LONGEST_ADVANCE_MS) {
    throw new Refused(
      `field 'advance_ms': expected a whole number of milliseconds from 0 to ${LONGEST_ADVANCE_MS}, got ${JSON.stringify(text)}`,
    );
  }
  if (engine.clock.mode !== "manual")
    throw new Refused(
      "the sandbox clock is real; start the sandbox with --clock manual to advance it",
      errorCodes.stateRule,
    );
  const fired = await engine.clock.advance(Number(text));
  engine.changes.notify({ kind: "clock" });
  return json({ now: nowOf(engine), fired });
}

async function orderEvent(
  engine: GatewayEngine,
  orderid: string,
  body: AdminBody,
  query: URLSearchParams,
): Promise<Reply> {
  const fields = adminForm("events", body, query, ["type", "amount", "status"]);
  const type = fields.get("type");
  if (type === undefined || type === "")
    throw new Refused("missing required field 'type' (chargeback, reversal, fraud, retrieval or status-change)");
  const amount = fields.get("amount");
  const status = fields.get("status");
  try {
    const event = triggerEvent(engine, orderid, {
      type,
      ...(amount === undefined ? {} : { amount }),
      ...(status === undefined ? {} : { status }),
    });
    if (engine.clock.mode === "manual") await engine.clock.idle();
    return json(event);
  } catch (error) {
    if (error instanceof EventRefusedError)
      throw new Refused(
        error.message,
        engine.book.byOrderId(orderid) === undefined ? errorCodes.unknownReference : errorCodes.stateRule,
      );
    throw error;
  }
}

async function redeliver(engine: GatewayEngine, id: string, body: AdminBody, query: URLSearchParams): Promise<Reply> {
  adminForm("redeliver", body, query, []);
  const delivery = await engine.callbacks.redeliver(Number(id));
  if (delivery === undefined) throw new Refused(`no callback delivery ${id}`, errorCodes.unknownReference);
  return json(shownCallback(delivery));
}

/**
 * The admin routes of the sandbox's time and events: the clock, events on orders, callback
 * redelivery, recurring payments and reset. A request they cannot read is refused whole.
 */
export async function adminEngineRoute(
  engine: GatewayEngine,
  method: string,
  path: string,
  query: URLSearchParams,
  body: AdminBody,
): Promise<Reply | undefined> {
  try {
    if (path === "/_admin/clock" && method === "GET")
      return json({ now: nowOf(engine), mode: engine.clock.mode, time_scale: engine.clock.timeScale });
    if (path === "/_admin/clock" && method === "POST") return await advanceClock(engine, body, query);
    if (path === "/_admin/recurring-payments" && method === "GET")
      return json({ "recurring-payments": engine.recurring.list() });
    if (path === "/_admin/events" && method === "GET") return json({ events: engine.journal.events });
    if (path === "/_admin/reset" && method === "POST") {
      adminForm("reset", body, query, []);
      engine.reset();
      return json({ reset: true, now: nowOf(engine) });
    }
    const events = /^\/_admin\/orders\/([0-9]{1,20})\/events$/.exec(path);
    if (events !== null && method === "POST") return await orderEvent(engine, events[1] ?? "", body, query);
    if (events !== null && method === "GET")
      return json({ events: engine.journal.events.filter((e) => e.orderid === events[1]) });
    const again = /^\/_admin\/callbacks\/([0-9]{1,9})\/redeliver$/.exec(path);
    if (again !== null && method === "POST") return await redeliver(engine, again[1] ?? "", body, query);
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return refuse(error.message, error.code);
    throw error;
  }
}
