import type { FaultRates } from "../server/api/network-faults.js";
import type { Sandbox } from "../start-sandbox.js";
import { cvv2TestValues } from "../test-values/cvv2-test-values.js";
import { payoutTestValueLines } from "../test-values/payout-test-value-lines.js";
import { testCards } from "../test-values/test-cards.js";
import { teammateAddresses } from "./teammate-addresses.js";

/** What the banner says besides what the sandbox itself knows: the flags that shaped it. */
export interface BannerFacts {
  /** `--host` as given (`127.0.0.1` by default). */
  readonly host: string;
  /** Whether `--public-url` was given (then `sandbox.url` is it). */
  readonly publicUrl: boolean;
  /** Whether the admin token was given (`--admin-token` or its variable) rather than generated. */
  readonly tokenGiven: boolean;
  readonly dataDir: string | undefined;
  /** The line about the RSA key: the public key file given, or where the generated private key went. */
  readonly keyLine: string;
  readonly faults: FaultRates | undefined;
  readonly classicReplies: boolean;
}

const indent = "\n              ";

function tokenNote(facts: BannerFacts): string {
  if (facts.tokenGiven) return "given";
  return facts.dataDir === undefined
    ? "generated for this run: a restart makes a new one unless --data-dir DIR or --admin-token keeps one"
    : `generated, kept in ${facts.dataDir}: the same after a restart`;
}

/**
 * The CLI's banner: where the sandbox is (the addresses a teammate can use, when it listens on
 * every interface), its admin token and credentials, and the test values.
 */
export function startupBanner(sandbox: Sandbox, facts: BannerFacts): string {
  const others = facts.publicUrl ? [] : teammateAddresses(facts.host, sandbox.url);
  // What the banner's links say: the first address a teammate can use, else the sandbox's own.
  const shown = others[0] ?? sandbox.url;
  const urls =
    others.length === 0
      ? sandbox.url
      : `${others.join(indent)}${indent}${sandbox.url} (this machine)
links:        hosted page and ACS addresses in replies say ${new URL(sandbox.url).host}; --public-url URL
              makes them say an address teammates reach`;
  const token = sandbox.adminToken;
  const dashboard = `${shown}/_dashboard${token === undefined ? "" : `?token=${token}`}`;
  const faults = facts.faults;
  return `card-processing sandbox
url:          ${urls}
dashboard:    ${dashboard}${
    token === undefined
      ? ""
      : `
admin token:  ${token} (${tokenNote(facts)}; admin routes: Authorization: Bearer TOKEN)`
  }
endpoint ids: ${sandbox.endpointIds.join(", ")}${
    sandbox.endpointGroupIds.length === 0
      ? ""
      : `
group ids:    ${sandbox.endpointGroupIds.join(", ")} (at .../<command>/group/ID)`
  }
login:        ${sandbox.login}
control key:  ${sandbox.controlKey}
${facts.keyLine}
state:        ${facts.dataDir === undefined ? "in memory (lost when the process ends; --data-dir DIR keeps it)" : `kept in ${facts.dataDir}`}
clock:        ${sandbox.clock.mode}${sandbox.clock.mode === "manual" ? ` (advance: POST ${shown}/_admin/clock advance_ms=N)` : ""}
admin:        GET ${shown}/_admin/callbacks, GET ${shown}/_admin/orders?limit=50&cursor=&status=&q=,
              POST ${shown}/_admin/settle,
              POST ${shown}/_admin/orders/ORDERID/events, GET ${shown}/_admin/recurring-payments,
              POST ${shown}/_admin/faults kind=reset-after (network faults)${
                faults === undefined
                  ? ""
                  : `
faults:       ${Object.entries(faults.rates)
                      .map(([kind, rate]) => `${kind} ${String(rate)}`)
                      .join(", ")}${faults.operations === undefined ? "" : ` on ${faults.operations.join(", ")} only`}${
                      faults.seed === undefined ? "" : ` (seed ${String(faults.seed)})`
                    }`
              }
test CVV2:    ${Object.entries(cvv2TestValues)
    .map(([cvv2, b]) => `${cvv2} ${b.description.replaceAll("`", "")}`)
    .join(indent)}
              any other: declined
test cards:   ${Object.entries(testCards)
    .map(([n, c]) => `${n} ${c.description}`)
    .join(indent)}
payout tests: ${payoutTestValueLines().join(indent)}${facts.classicReplies ? "\nreplies:      classic text form for requests without Accept: application/vnd.pay+json" : ""}`;
}
