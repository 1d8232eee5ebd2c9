import { afterEach, describe, expect, it } from "vitest";
import { recordTelemetry, spanText } from "../../test/recorded-telemetry.js";
import {
  type RecordedRequest,
  saleBody,
  startTestServer,
  type TestReply,
  type TestServer,
} from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";

let server: TestServer | undefined;
let recorded: ReturnType<typeof recordTelemetry> | undefined;
afterEach(async () => {
  await server?.close();
  await recorded?.close();
  server = undefined;
  recorded = undefined;
});

const person = {
  first_name: "Jane",
  last_name: "Doe",
  email: "jane.doe@example.org",
  phone: "+12065550199",
  ipaddress: "203.0.113.77",
  city: "Tacoma",
  zip_code: "98402",
  address1: "17 Cedar Lane",
  card_printed_name: "JANE DOE",
};
// The same values as a gateway may repeat them: as sent on the wire (form-encoded) or decoded.
const whole = [
  ...Object.values(person),
  "jane.doe%40example.org",
  "%2B12065550199",
  "17+Cedar+Lane",
  "17%20Cedar%20Lane",
  "JANE.DOE@EXAMPLE.ORG",
];

/** Gateways that repeat the request in their refusal, in the forms a refusal takes. */
const echoes: Array<[string, (request: RecordedRequest) => TestReply, string | undefined]> = [
  [
    "a 400 validation error quoting the form raw and decoded",
    (request) => ({
      status: 400,
      body: {
        type: "validation-error",
        "error-message": `bad request: ${request.body} / ${decodeURIComponent(request.body.replace(/\+/g, " "))}`,
        "error-code": 1,
        "serial-number": "s-1",
      },
    }),
    "j***@example.org",
  ],
  [
    "a 200 error reply quoting each field",
    (request) => ({
      body: {
        type: "error",
        "error-message": `refused: ${[...request.form].map(([k, v]) => `${k}='${v}'`).join(", ")} (${request.form.get("email")?.toUpperCase()})`,
        "error-code": 2,
        "serial-number": "s-2",
      },
    }),
    "email='j***@example.org'",
  ],
  [
    "a 500 page quoting the form",
    (request) => ({
      status: 500,
      headers: { "content-type": "text/html" },
      body: `<html><body>internal error while handling ${request.body}</body></html>`,
    }),
    undefined,
  ],
];

describe("a gateway that repeats a person's data in its refusal", () => {
  it.each(echoes)("does not get it into the error or the span from %s", async (_, echo, masked) => {
    server = await startTestServer(echo);
    recorded = recordTelemetry();
    const gateway = createGateway({
      baseUrl: server.url,
      endpointId: 1111,
      login: "shop",
      controlKey: "KEY",
      telemetry: recorded.providers,
    });
    const { error } = await gateway.sale({ ...saleBody, ...person });
    expect(error).toBeDefined();
    expect(server.requests[0]?.form.get("email")).toBe(person.email);
    const spans = recorded.spans();
    const exceptions = spans.flatMap((span) => span.events.filter((event) => event.name === "exception"));
    expect(exceptions.length).toBeGreaterThan(0);
    const texts = {
      "error.message": error?.message ?? "",
      "String(error)": String(error),
      "JSON of the error": JSON.stringify(error),
      "error.stack": error?.stack ?? "",
      "the span's exception event": JSON.stringify(exceptions),
      "the spans": spans.map(spanText).join("\n"),
    };
    for (const [where, text] of Object.entries(texts)) {
      for (const value of whole) expect(text, `${where} holds ${value}`).not.toContain(value);
    }
    // Masked as the log masks them, so a reader still tells two customers apart.
    if (masked !== undefined) expect(error?.message).toContain(masked);
  });
});
