import { usesExampleMerchant } from "../options/example-merchant-keys.js";
import type { SandboxOptions } from "../options/sandbox-options.js";
import { startSandbox } from "../start-sandbox.js";
import { DataDirError } from "../store/data-dir-error.js";
import { exampleKeyLine } from "./example-key-line.js";
import { cliPrivateKey, removeAtExit } from "./private-key-file.js";
import { StartFailure, startFailureMessage } from "./start-failure.js";
import { startupBanner } from "./startup-banner.js";
import { stopWithParent } from "./stop-with-parent.js";

/** The CLI's start flags, each checked (`main.ts`): the sandbox's options but its key, and what the banner says. */
export interface StartFlags {
  /** Every option but `publicKey`, which the key flags settle here. */
  readonly options: SandboxOptions;
  /** `--public-key`: the file named and the PEM it holds. */
  readonly publicKey?: { readonly file: string; readonly pem: string };
  /** `--private-key-out`. */
  readonly privateKeyOut?: string;
  /** An admin token was given (flag or variable), so the banner does not print it. */
  readonly tokenGiven: boolean;
}

/**
 * Starts the sandbox of the CLI from checked flags, stops it on SIGINT, SIGTERM or the end of
 * its parent, and prints the banner once it listens. Loaded by `main.ts` only after the flags
 * are checked, so a wrong flag does not wait for the engine, the server and SQLite to load.
 */
export async function runStart(flags: StartFlags): Promise<void> {
  const { options } = flags;
  // On loopback with no key flags, the sandbox takes the reference's example merchant: no key to write.
  const example =
    flags.privateKeyOut === undefined &&
    usesExampleMerchant({
      host: options.host,
      publicUrl: options.publicUrl,
      login: options.login,
      controlKey: options.controlKey,
      publicKey: flags.publicKey?.pem,
    });
  const key = example
    ? undefined
    : flags.publicKey === undefined
      ? cliPrivateKey(flags.privateKeyOut)
      : { publicKey: flags.publicKey.pem, keyLine: `public key:   ${flags.publicKey.file}` };
  // From here every way out (a stop, a failure to start) goes through process.exit: the exit removes it.
  removeAtExit(key);
  const host = options.host ?? "127.0.0.1";
  const sandbox = await startSandbox({
    ...options,
    ...(key === undefined ? {} : { publicKey: key.publicKey }),
  }).catch((error: unknown) => {
    // A system error (the port taken, the host not this machine's) is a failure of the run; an
    // option startSandbox refuses (a fault rate out of range, say) is a wrong flag: the usage answers it.
    if (error instanceof DataDirError || typeof (error as { code?: unknown } | null)?.code !== "string") throw error;
    throw new StartFailure(startFailureMessage(error, host, options.port ?? 0), { cause: error });
  });
  // Ready to stop cleanly before the banner says it is up: a SIGTERM sent on seeing the banner
  // must find the handler.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting, let requests in flight finish (up to 4 s), then exit 0: inside the 5 s a
    // container runtime waits between SIGTERM and SIGKILL.
    void sandbox.close({ graceMs: 4_000 }).then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  stopWithParent(stop);
  console.log(
    startupBanner(sandbox, {
      host,
      publicUrl: options.publicUrl !== undefined,
      tokenGiven: flags.tokenGiven,
      dataDir: options.dataDir,
      keyLine: key?.keyLine ?? exampleKeyLine(sandbox),
      faults: options.faults,
      classicReplies: options.classicReplies === true,
    }),
  );
}
