import { describe, expect, it } from "vitest";
import { nextStep } from "./next-step.js";

const base = { "serial-number": "s-1", "merchant-order-id": "902B4FF5", "paynet-order-id": "1234567" };

describe("nextStep", () => {
  it("says poll while the status is processing", () => {
    expect(nextStep({ ...base, type: "async-response", status: "processing" })).toEqual({
      action: "poll",
      orderid: "1234567",
      clientOrderId: "902B4FF5",
    });
  });

  it("says show the html page for a 3-D Secure step", () => {
    expect(nextStep({ ...base, type: "status-response", status: "processing", html: "<html></html>" })).toEqual({
      action: "show-html",
      html: "<html></html>",
    });
  });

  it("says redirect to redirect-url for a hosted page", () => {
    expect(
      nextStep({ ...base, type: "async-form-response", status: "processing", "redirect-url": "https://pay.example/1" }),
    ).toEqual({
      action: "redirect",
      url: "https://pay.example/1",
    });
  });

  it("says done with a final status, a decline included", () => {
    expect(nextStep({ ...base, type: "status-response", status: "declined" })).toEqual({
      action: "done",
      status: "declined",
    });
    expect(nextStep({ ...base, type: "status-response", status: "approved", html: "<p>ignored</p>" })).toEqual({
      action: "done",
      status: "approved",
    });
  });

  it("says failed for a refusal reply", () => {
    expect(
      nextStep({ type: "validation-error", "error-message": "amount: is required", "serial-number": "s-2" }),
    ).toEqual({
      action: "failed",
      message: "amount: is required",
      serialNumber: "s-2",
    });
  });

  it("says done for a reply without a status", () => {
    expect(nextStep({ type: "get-card-info-response", "serial-number": "s-3" })).toEqual({
      action: "done",
      status: undefined,
    });
  });
});
