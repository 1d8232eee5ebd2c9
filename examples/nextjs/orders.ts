// Your database: here a line per handled event, which the example's test reads.
import type { VerifiedCallback } from "@card-processing/client";
import { callbackEventKey } from "@card-processing/client/callback-handler";

export async function recordCallback(callback: VerifiedCallback): Promise<void> {
  console.log(`booked ${callbackEventKey(callback)} final=${callback.final}`);
}
