import { createGateway } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, type ValidationProxy } from "../index.js";
import { dataOf, fixtureForFile, orderId } from "./sandbox-fixture.testlib.js";

// The validation proxy in front of a gateway (here the sandbox) reports what the traffic settles of
// the assumptions where two of the gateway's pages disagree (issue #52): a change of a recurring
// payment without a card, taken, confirms the edition of the page that makes the card optional.
const f = fixtureForFile();
let proxy: ValidationProxy;
beforeAll(async () => {
  // The Host of the shop's request passed on, so the OAuth signature over the address it used still verifies.
  proxy = await startProxy({ upstream: f.sandbox.url, controlKey: f.sandbox.controlKey, preserveHost: true });
});
afterAll(() => proxy.close());

describe("the validation proxy on the recurring payments' assumed fields", () => {
  it("reports a change without a card that the gateway took as evidence for the optional card", async () => {
    const gateway = createGateway({
      baseUrl: proxy.url,
      endpointId: 1111,
      login: f.sandbox.login,
      controlKey: f.sandbox.controlKey,
      privateKey: f.sandbox.privateKeyPem,
    });
    const created = dataOf(
      await gateway.createRecurringPaymentV4({
        rp_card_type: "DST",
        "client-orderid": orderId("rp-proxy"),
        order_desc: "Monthly plan",
        amount: "9.99",
        currency: "EUR",
        period: "month",
        interval: 1,
        "card-printed-name": "JOHN SMITH",
        "credit-card-number": "4111111111111111",
        "expire-month": "12",
        "expire-year": "2030",
      }),
    );
    const id = String(created["recurring-payment-id"]);
    dataOf(
      await gateway.updateRecurringPaymentV4({
        "client-orderid": orderId("rp-update"),
        "recurring-payment-id": id,
        amount: "12.99",
      }),
    );
    await proxy.settled();
    const evidence = proxy.findings().filter((finding) => finding.rule.startsWith("assumption-"));
    expect(evidence.map((finding) => [finding.kind, finding.rule, finding.assumption])).toContainEqual([
      "evidence",
      "assumption-confirmed",
      "#/components/schemas/UpdateRecurringPaymentRequest/properties/credit-card-number",
    ]);
    // The sandbox's identifiers are shorter than 11 digits: they settle nothing of its length.
    expect(id.length).toBeLessThanOrEqual(10);
    expect(evidence.filter((finding) => finding.field === "recurring-payment-id")).toEqual([]);
  });
});
