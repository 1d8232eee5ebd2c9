import type { RecordedExchange } from "./exchange-record.js";

/** A sale through the proxy as `--record` receives it, for tests to change what they look at. */
export const sampleExchange: RecordedExchange = {
  sequence: 1,
  at: new Date(0),
  operation: "sale",
  method: "POST",
  target: "/paynet/api/v2/sale/1111",
  requestContentType: "application/x-www-form-urlencoded",
  requestAccept: "application/vnd.pay+json",
  requestText: "",
  status: 200,
  replyContentType: "application/vnd.pay+json",
  replyText: "{}",
  findings: [],
};
