const LOOPBACK_NAME = /^(127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}|\[?::1\]?|localhost)$/i;

/** Whether `host` (an interface or a Host header's name) is this machine's loopback. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAME.test(host);
}
