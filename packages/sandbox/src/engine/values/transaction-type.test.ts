import { transactionTypes } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { orderEventTypes } from "../events/event-rules.js";
import { gatewayTransactionType } from "./transaction-type.js";

// Every request type the engine records (order kinds, follow-ups, recurring charges) and every event.
const requestTypes = [
  "sale",
  "preauth",
  "rebill",
  "capture",
  "void",
  "cancel",
  "reversal",
  "payout",
  "transfer",
  "account-verification",
];

describe("gatewayTransactionType", () => {
  it("names every request and event type the sandbox sends a callback for as the spec's TransactionType", () => {
    const events = orderEventTypes.filter((type) => type !== "status-change");
    const named = [...requestTypes, ...events].map(gatewayTransactionType);
    expect(named.filter((type) => !(transactionTypes as readonly string[]).includes(type))).toEqual([]);
  });

  it("names a void cancel and a rebill sale, as the gateway does", () => {
    expect([gatewayTransactionType("void"), gatewayTransactionType("rebill")]).toEqual(["cancel", "sale"]);
  });
});
