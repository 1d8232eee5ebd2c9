import type { CallbackDelivery } from "../../delivery/callback-dispatcher.js";

/**
 * A callback delivery as the admin API and the dashboard show it: its address, its parameters,
 * and its URL, all without the `control` value (which would let anyone who sees it forge a
 * callback). The one rule for showing a callback outside the process.
 */
export function shownCallback(delivery: CallbackDelivery) {
  const url = new URL(delivery.url);
  url.searchParams.delete("control");
  return {
    ...delivery,
    url: url.toString(),
    address: `${url.origin}${url.pathname}`,
    params: Object.fromEntries(url.searchParams),
  };
}
