import { beforeAll, describe, expect, it } from "vitest";
import { customerFields, dataOf, fixtureForFile, orderId } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

let pageUrl: string;
let token: string;
beforeAll(async () => {
  pageUrl = dataOf(await f.gateway.saleForm(customerFields(orderId("addr"))))["redirect-url"];
  token = pageUrl.split("/").at(-1) ?? "";
});

const origin = () => new URL(f.sandbox.url).origin;

async function get(path: string, method = "GET"): Promise<Response> {
  return fetch(`${origin()}${path}`, { method, redirect: "manual" });
}

describe("every address under the pages' prefix answers a page", () => {
  it.each([
    ["a trailing slash", () => `/paynet/hosted/${token}/`],
    ["an upper-case token", () => `/paynet/hosted/${token.toUpperCase()}`],
    ["both", () => `/paynet/hosted/${token.toUpperCase()}//`],
  ])("sends %s to the page's own address with a 308 (a POST stays a POST)", async (_, path) => {
    const reply = await get(path());
    expect(reply.status).toBe(308);
    expect(reply.headers.get("location")).toBe(`/paynet/hosted/${token}`);
    const followed = await fetch(`${origin()}${path()}`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain("Pay by card");
  });

  it.each([
    "/paynet/hosted",
    "/paynet/hosted/",
    "/paynet/hosted/not-hex",
    "/paynet/hosted/0123456789abcdef0123/extra",
    "/paynet/acs/zz",
    `/paynet/acs/${"a".repeat(65)}`,
  ])("answers %s with the HTML page that says it does not exist (404), not the API's JSON", async (path) => {
    const reply = await get(path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await reply.text()).toContain("This payment page does not exist");
  });

  it("answers a method other than GET and POST with an HTML 405 naming the two", async () => {
    const reply = await get(`/paynet/hosted/${token}`, "PUT");
    expect(reply.status).toBe(405);
    expect(reply.headers.get("allow")).toBe("GET, POST");
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("sends every page, redirect and refusal with frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const [path, method] of [
      [`/paynet/hosted/${token}`, "GET"],
      [`/paynet/hosted/${token}/`, "GET"],
      ["/paynet/hosted/nope", "GET"],
      [`/paynet/acs/${token}`, "GET"],
      [`/paynet/hosted/${token}`, "DELETE"],
    ] as const) {
      const reply = await get(path, method);
      expect(reply.headers.get("x-frame-options"), path).toBe("DENY");
      const csp = reply.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'none'");
    }
  });

  it("echoes a refused form's name escaped, and never its card number or security code", async () => {
    const url = dataOf(await f.gateway.saleForm(customerFields(orderId("echo"))))["redirect-url"];
    const form = new URLSearchParams({
      credit_card_number: "4111 1111 1111 1112",
      card_printed_name: '"><script>alert(1)</script>',
      expire_month: "09",
      expire_year: "2031",
      cvv2: "987",
    });
    const reply = await fetch(url, { method: "POST", body: form });
    expect(reply.status).toBe(400);
    const html = await reply.text();
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(html).not.toContain("<script>alert");
    expect(html).not.toMatch(/4111[ -]?1111/);
    for (const secret of ["credit_card_number", "cvv2"]) {
      expect(new RegExp(`<input id="${secret}"[^>]*>`).exec(html)?.[0]).not.toContain("value=");
    }
  });
});
