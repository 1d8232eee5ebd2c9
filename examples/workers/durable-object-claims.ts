// Your claim store for `seen` on Cloudflare: one Durable Object per callback event. A Durable Object
// runs its methods one at a time and holds other calls while it reads and writes its own storage, so
// read, check and write below are one atomic step, seen the same way by every Worker instance
// anywhere. (Workers KV cannot hold a claim: it is eventually consistent, a write takes up to a
// minute to reach other locations and two instances can both read "no claim" and both handle the
// event.) Bind it as CALLBACK_CLAIMS (wrangler.jsonc: durable_objects.bindings and a migration with
// new_sqlite_classes: ["CallbackClaims"]) and export the class from your Worker's entry module.

import { DurableObject } from "cloudflare:workers";
import type { CallbackClaim, CallbackSeen } from "@card-processing/client/callback-handler";

interface Claim {
  claimedUntil: number;
  done: boolean;
}

/** How long a handled event is remembered: longer than the gateway's retries (30 deliveries over 14 days). */
const rememberMs = 15 * 24 * 60 * 60 * 1000;

export class CallbackClaims extends DurableObject {
  async claim(leaseMs: number): Promise<CallbackClaim> {
    const claim = await this.ctx.storage.get<Claim>("claim");
    if (claim?.done) return "done";
    if (claim !== undefined && claim.claimedUntil > Date.now()) return "busy";
    await this.ctx.storage.put<Claim>("claim", { claimedUntil: Date.now() + leaseMs, done: false });
    return "claimed";
  }

  async complete(): Promise<void> {
    await this.ctx.storage.put<Claim>("claim", { claimedUntil: 0, done: true });
    await this.ctx.storage.setAlarm(Date.now() + rememberMs);
  }

  async release(): Promise<void> {
    const claim = await this.ctx.storage.get<Claim>("claim");
    if (claim?.done === false) await this.ctx.storage.delete("claim");
  }

  // The alarm set by complete(): the event is forgotten once the gateway can no longer deliver it.
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

/** The handler's `seen`: each event key is the name of its own Durable Object. */
export function durableObjectClaims(claims: DurableObjectNamespace<CallbackClaims>): CallbackSeen {
  const event = (key: string) => claims.get(claims.idFromName(key));
  return {
    claim: (key, leaseMs) => event(key).claim(leaseMs),
    complete: (key) => event(key).complete(),
    release: (key) => event(key).release(),
  };
}
