import { type ControlAmounts, createGateway } from "@card-processing/client";
import { afterEach, describe, expect, it } from "vitest";
import { type ProxyFinding, startProxy, startSandbox } from "../index.js";
import { orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// The validation proxy in front of a gateway (here a sandbox started one way or the other) tells
// which way of writing a JPY amount in `control` the gateway accepted, as evidence on the spec's
// x-assumed node for it.
const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of closing.splice(0)) await thing.close();
});

async function jpySaleThroughProxy(gatewayWay: ControlAmounts, clientWay: ControlAmounts): Promise<ProxyFinding[]> {
  const sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, controlAmounts: gatewayWay });
  closing.unshift(sandbox);
  const proxy = await startProxy({ upstream: sandbox.url, controlKey: sandbox.controlKey });
  closing.unshift(proxy);
  const gateway = createGateway({
    baseUrl: proxy.url,
    endpointId: 1111,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    controlAmounts: clientWay,
  });
  await gateway.sale({ ...paymentBody(orderId("proxy-jpy")), amount: "1000", currency: "JPY" });
  await proxy.settled();
  return proxy.findings().filter((f) => f.assumption === "#/components/schemas/Amount/x-control-amounts");
}

describe("the validation proxy on JPY amounts in control", () => {
  it("reports the gateway accepting ISO 4217 minor units as evidence confirming the assumption", async () => {
    const [finding, ...more] = await jpySaleThroughProxy("iso-4217", "iso-4217");
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ kind: "evidence", rule: "assumption-confirmed", field: "control" });
    expect(finding?.message).toMatch(/the gateway accepted a JPY amount .*controlAmounts 'iso-4217'/);
  });

  it("reports the gateway accepting hundredths, the PHP library's way, as contradicting the assumption", async () => {
    const [finding, ...more] = await jpySaleThroughProxy("hundredths", "hundredths");
    expect(more).toEqual([]);
    expect(finding).toMatchObject({
      kind: "departure",
      rule: "assumption-contradicted",
      specFile: "spec/components/schemas/Amount.yaml",
    });
    expect(finding?.message).toMatch(/the gateway accepted a JPY amount .*hundredths.*use controlAmounts 'hundredths'/);
  });

  it("reports the gateway refusing the control of ISO 4217 minor units as contradicting the assumption", async () => {
    const [finding, ...more] = await jpySaleThroughProxy("hundredths", "iso-4217");
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ rule: "assumption-contradicted" });
    expect(finding?.message).toMatch(/refused the control of a JPY amount .*'iso-4217'/);
  });

  it("says nothing of it for a USD sale, which both ways sign alike", async () => {
    const sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity });
    closing.unshift(sandbox);
    const proxy = await startProxy({ upstream: sandbox.url, controlKey: sandbox.controlKey });
    closing.unshift(proxy);
    const gateway = createGateway({
      baseUrl: proxy.url,
      endpointId: 1111,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });
    await gateway.sale(paymentBody(orderId("proxy-usd")));
    await proxy.settled();
    expect(proxy.findings().filter((f) => f.assumption?.includes("x-control-amounts"))).toEqual([]);
  });
});
