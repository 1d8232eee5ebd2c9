// `pnpm demo`: starts the sandbox on a free port and runs every example against it.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox } from "@card-processing/sandbox";

const here = dirname(fileURLToPath(import.meta.url));
const examples: ReadonlyArray<readonly [file: string, title: string]> = [
  ["01-sale-with-callback.ts", "A sale, approved, with its callback received and verified"],
  ["02-preauth-capture-return.ts", "Preauth, partial capture, partial return"],
  ["03-three-d-secure-cres.ts", "A 3-D Secure 2 sale completed by a CRes upload"],
  ["04-sale-form.ts", "A sale on the hosted payment page"],
  ["05-payout-hmac.ts", "A payout signed with OAuth HMAC-SHA1"],
  ["06-v4-rsa.ts", "v4 recurring payment and card reference signed with OAuth RSA-SHA256"],
  ["07-chargeback-arrives.ts", "A chargeback arrives: callbacks verified and booked once (own sandbox, manual clock)"],
  [
    "08-tested-shop/main.ts",
    "A tested shop: hosted checkout, return confirmed by status, callback, partial refund (own sandbox)",
  ],
  ["09-telemetry.ts", "OpenTelemetry: a sale, a lost reply and its recovery as spans and metrics (own sandbox)"],
];
const verbose = process.argv.includes("--verbose");

const sandbox = await startSandbox({
  latencyMs: 300,
  ...(verbose ? { logger: (line: string) => console.log(`      sandbox │ ${line}`) } : {}),
});
const keyDir = mkdtempSync(join(tmpdir(), "card-processing-demo-"));
const privateKeyFile = join(keyDir, "merchant-private-key.pem");
writeFileSync(privateKeyFile, sandbox.privateKeyPem ?? "", { mode: 0o600 });

console.log(`Card-processing SDK demo
Sandbox at ${sandbox.url} (endpoint ${sandbox.endpointId}, login ${sandbox.login})
`);

function run(file: string): Promise<number> {
  return new Promise((resolve) => {
    // Examples are TypeScript, run through tsx as a user's own scripts would be.
    const child = spawn(process.execPath, ["--import", "tsx", join(here, file)], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        GATEWAY_URL: sandbox.url,
        GATEWAY_ENDPOINT_ID: sandbox.endpointId,
        GATEWAY_LOGIN: sandbox.login,
        GATEWAY_CONTROL_KEY: sandbox.controlKey,
        GATEWAY_PRIVATE_KEY_FILE: privateKeyFile,
      },
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

let failed = 0;
for (const [file, title] of examples) {
  console.log(`▶ ${title}  (examples/${file})`);
  const started = Date.now();
  const code = await run(file);
  console.log(code === 0 ? `  ✓ done in ${Date.now() - started} ms\n` : `  ✗ exited with ${code}\n`);
  if (code !== 0) failed += 1;
}

// The guides of the docs site (examples/guides/), with --guides (`pnpm demo` passes it; the test suite
// runs them in its examples project): each starts a sandbox of its own; the testing guide is a
// vitest file, run by vitest.
const guideFiles = readdirSync(join(here, "guides")).filter(
  (name) => name.endsWith(".ts") && name !== "guides.e2e.test.ts",
);
const guides = process.argv.includes("--guides") ? guideFiles : [];
function runGuide(file: string): Promise<number> {
  const vitest = join(here, "../node_modules/vitest/vitest.mjs");
  const args = file.endsWith(".test.ts")
    ? [vitest, "run", "--project", "examples", `guides/${file}`]
    : ["--import", "tsx", join(here, "guides", file)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: join(here, ".."), stdio: ["ignore", "inherit", "inherit"] });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}
let guidesFailed = 0;
for (const file of guides) {
  console.log(`▶ Guide: examples/guides/${file}`);
  const started = Date.now();
  const code = await runGuide(file);
  console.log(code === 0 ? `  ✓ done in ${Date.now() - started} ms\n` : `  ✗ exited with ${code}\n`);
  if (code !== 0) guidesFailed += 1;
}
if (guides.length > 0)
  console.log(
    guidesFailed === 0 ? `All ${guides.length} guides passed.` : `${guidesFailed} of ${guides.length} guides failed.`,
  );

const deliveries = sandbox.callbacks();
console.log(
  `Sandbox delivered ${deliveries.filter((d) => d.state === "delivered").length} of ${deliveries.length} callbacks.`,
);
await sandbox.close();
rmSync(keyDir, { recursive: true, force: true });
console.log(
  failed === 0 ? `All ${examples.length} examples passed.` : `${failed} of ${examples.length} examples failed.`,
);
process.exit(failed === 0 && guidesFailed === 0 ? 0 : 1);
