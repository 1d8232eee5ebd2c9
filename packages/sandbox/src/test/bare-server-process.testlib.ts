// The bare node:http server of `bare-form-server.testlib.ts` in a process of its own, for the
// steady-rate run of `sandbox.bench.ts`: the sandbox it is compared with there runs in a process of
// its own too, so neither shares a heap (and its collections) with the bench's other servers.
// Forked by `startBareServerProcess`; run as a child it starts the server on the first message and
// answers each later one with how many sales of a prefix it accepted, and how many more than once.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { askChild } from "./ask-child.testlib.js";
import { startBareFormServer } from "./bare-form-server.testlib.js";

/** The bare server in a child process. */
export interface BareServerProcess {
  readonly url: string;
  /** Sales accepted whose client_orderid starts with `prefix`, and how many of them arrived more than once. */
  accepted(prefix: string): Promise<{ count: number; duplicated: number }>;
  close(): Promise<void>;
}

type Request = { start: { endpointId: string; controlKey: string } } | { prefix: string };

/** Forks this file, starts the bare server in it and returns its address. */
export async function startBareServerProcess(endpointId: string, controlKey: string): Promise<BareServerProcess> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const started = await askChild<{ url: string }>(
    child,
    { start: { endpointId, controlKey } } satisfies Request,
    "the bare server",
  );
  return {
    url: started.url,
    accepted: (prefix) =>
      askChild<{ count: number; duplicated: number }>(child, { prefix } satisfies Request, "the bare server"),
    close: async () => {
      child.kill();
    },
  };
}

if (process.send !== undefined && process.argv[1] === fileURLToPath(import.meta.url)) {
  let server: Awaited<ReturnType<typeof startBareFormServer>> | undefined;
  process.on("message", async (request: Request) => {
    try {
      if ("start" in request) {
        server = await startBareFormServer(request.start.endpointId, request.start.controlKey);
        process.send?.({ url: server.url });
        return;
      }
      const mine = [...(server?.accepted.entries() ?? [])].filter(([id]) => id.startsWith(`${request.prefix}-`));
      process.send?.({ count: mine.length, duplicated: mine.filter(([, n]) => n > 1).length });
    } catch (error) {
      process.send?.({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
