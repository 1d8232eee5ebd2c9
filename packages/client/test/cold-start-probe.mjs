// One fresh process of the cold-start bench (cold-start.bench.ts), run with plain `node`, so the
// packages load from their built `dist/` as a user's would. Arguments: what to do, the gateway's
// base address, the sale body and the control key as JSON. Prints one JSON line: the time from
// this file's first statement to the end of the import and to the end of the whole job, wall and
// CPU (the CPU of the process, which load on the machine disturbs far less than the wall clock).
//
//   by-hand            the floor: the sale's control digest with Web Crypto and the POST with fetch
//   client             import @card-processing/client, createGateway, gateway.sale(body)
//   import:<specifier> import that package and nothing else
const startedAt = performance.now();
const cpuAtStart = process.cpuUsage();
const [what, baseUrl, saleJson, controlKey] = process.argv.slice(2);
const sale = JSON.parse(saleJson);

const cpuSinceStart = () => {
  const { user, system } = process.cpuUsage(cpuAtStart);
  return (user + system) / 1000;
};

let imported = { wallMs: 0, cpuMs: 0 };
if (what === "by-hand") {
  const signed = `1111${sale.client_orderid}${String(sale.amount).replace(".", "")}${sale.email}${controlKey}`;
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(signed));
  const control = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const response = await fetch(`${baseUrl}/api/v2/sale/1111`, {
    method: "POST",
    headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...sale, control }),
  });
  const reply = await response.json();
  if (!response.ok || reply.type !== "async-response") throw new Error(`the sale by hand failed: ${response.status}`);
} else if (what === "client") {
  const { createGateway } = await import("@card-processing/client");
  imported = { wallMs: performance.now() - startedAt, cpuMs: cpuSinceStart() };
  const gateway = createGateway({ baseUrl, endpointId: 1111, login: "test-merchant", controlKey });
  const { error } = await gateway.sale(sale);
  if (error) throw error;
} else if (what.startsWith("import:")) {
  await import(what.slice("import:".length));
  imported = { wallMs: performance.now() - startedAt, cpuMs: cpuSinceStart() };
} else {
  throw new Error(`unknown probe ${what}`);
}
console.log(JSON.stringify({ imported, done: { wallMs: performance.now() - startedAt, cpuMs: cpuSinceStart() } }));
