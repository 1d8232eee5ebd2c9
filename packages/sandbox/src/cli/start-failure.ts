/**
 * A failure of the run rather than of the command line (the port is taken, the key file is not
 * the sandbox's, the data directory cannot be used): the CLI prints its one-line message and exits
 * 1, without the usage text, which answers only a wrong flag.
 */
export class StartFailure extends Error {
  override readonly name = "StartFailure";
}

/** One line naming why the sandbox could not start on `host`:`port`, and what to do. */
export function startFailureMessage(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EADDRINUSE")
    return `port ${port} is in use on ${host}: choose another with --port (0 picks a free one)`;
  if (code === "EACCES")
    return `port ${port} on ${host} needs privileges this process does not have: choose one above 1023 with --port`;
  if (code === "EADDRNOTAVAIL")
    return `${host} is not an address of this machine: choose another with --host (0.0.0.0 for every interface)`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `--host: cannot resolve ${host} to an address of this machine`;
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}
