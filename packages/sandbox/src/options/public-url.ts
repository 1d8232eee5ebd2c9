/**
 * The sandbox's base address (with `/paynet`) that the `publicUrl` option names, or `undefined`
 * when none is given. The sandbox serves everything under `/paynet` of its origin, so the address
 * is an origin, with no path or `/paynet`; a path elsewhere, user info, a query or a fragment
 * would make addresses the sandbox does not answer.
 */
export function publicBaseUrlOf(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined) return undefined;
  const url = typeof publicUrl === "string" ? URL.parse(publicUrl) : null;
  const expected =
    "expected the http or https address others reach the sandbox at, such as https://sandbox.example.com";
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new TypeError(`publicUrl: ${expected}, got ${JSON.stringify(publicUrl)}`);
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "")
    throw new TypeError(`publicUrl: ${expected} (no user, query or fragment), got ${url.origin}/…`);
  const path = url.pathname.replace(/\/+$/, "");
  if (path !== "" && path !== "/paynet")
    throw new TypeError(
      `publicUrl: expected no path or /paynet (the sandbox serves everything under /paynet), got ${JSON.stringify(url.pathname)}`,
    );
  return `${url.origin}/paynet`;
}
