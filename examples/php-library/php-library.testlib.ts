// Runs the vendor's PHP library (payneteasy/php-library-payneteasy-api) through drive-php-library.php.
// The library is never part of this repository: PHP_LIBRARY_PATH names it, and nothing else does.
// It is a checked-out tree (as the GitHub workflow checks it out, and as .ci/run finds a copy of it
// beside the clone) or a git directory, extracted to a temporary folder for the test run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const driver = join(dirname(fileURLToPath(import.meta.url)), "drive-php-library.php");

const entryFile = "source/PaynetEasy/PaynetEasyApi/PaymentProcessor.php";

/** The library found on this machine, or why the tests cannot run here. */
export type PhpLibrary =
  | { readonly found: true; readonly source: string; readonly version: string; remove(): void }
  | { readonly found: false; readonly reason: string };

/** Finds php and the library, and extracts the library's tree when it is a git directory. */
export function findPhpLibrary(): PhpLibrary {
  const php = spawnSync("php", ["-r", "echo PHP_VERSION, ' ', extension_loaded('curl') ? 'curl' : 'no-curl';"], {
    encoding: "utf8",
  });
  if (php.error || php.status !== 0) {
    return { found: false, reason: "php is not installed (Debian: apt-get install php-cli php-curl; .ci/run does)" };
  }
  if (!php.stdout.includes(" curl")) {
    return { found: false, reason: `php ${php.stdout} lacks the curl extension (apt-get install php-curl)` };
  }
  const path = process.env["PHP_LIBRARY_PATH"];
  if (path === undefined || path === "") {
    return {
      found: false,
      reason: "PHP_LIBRARY_PATH is not set (set it to a checkout or a clone of payneteasy/php-library-payneteasy-api)",
    };
  }
  if (existsSync(join(path, entryFile))) {
    return { found: true, source: join(path, "source"), version: `PHP ${php.stdout}, tree ${path}`, remove() {} };
  }
  if (!existsSync(join(path, "HEAD"))) {
    return {
      found: false,
      reason: `the PHP library is not at ${path} (set PHP_LIBRARY_PATH to a clone or a checkout of payneteasy/php-library-payneteasy-api)`,
    };
  }
  const tree = mkdtempSync(join(tmpdir(), "php-library-"));
  const commit = spawnSync("git", ["--git-dir", path, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const archive = spawnSync("git", ["--git-dir", path, "archive", "--output", join(tree, "library.tar"), "HEAD"]);
  const untar = archive.status === 0 ? spawnSync("tar", ["-xf", join(tree, "library.tar"), "-C", tree]) : archive;
  if (untar.status !== 0 || !existsSync(join(tree, entryFile))) {
    rmSync(tree, { recursive: true, force: true });
    return { found: false, reason: `could not extract the PHP library from ${path}: ${String(untar.stderr)}` };
  }
  return {
    found: true,
    source: join(tree, "source"),
    version: `PHP ${php.stdout}, library commit ${commit}`,
    remove: () => rmSync(tree, { recursive: true, force: true }),
  };
}

/** The QueryConfig fields of the library (`end_point` or `end_point_group`, `gateway_url_sandbox`...). */
export type PhpConfig = Readonly<Record<string, string | number>>;

/** One command of drive-php-library.php: a query, a status repeated until final, or a callback. */
export interface PhpCommand {
  readonly config: PhpConfig;
  readonly payment: Readonly<Record<string, unknown>>;
  readonly query?: "sale" | "sale-form" | "preauth" | "capture" | "return" | "status";
  /** Repeat the status query while the processor asks for a status update, at most this many times. */
  readonly untilFinal?: number;
  /** The callback's query parameters, for processPaynetEasyCallback. */
  readonly callback?: Readonly<Record<string, string>>;
}

/** What the library made of it: the handlers it called, the transaction, the reply or callback. */
export interface PhpAnswer {
  readonly handlers: readonly { readonly handler: string; readonly exception?: { class: string; message: string } }[];
  readonly transactionStatus: string;
  readonly paymentStatus: string;
  readonly paynetId: string | null;
  readonly errors: readonly { readonly class: string; readonly message: string }[];
  readonly response: Readonly<Record<string, string>> | null;
  readonly statusQueries: number;
}

/** Runs one command through the library (`ini`: php.ini settings); rejects with php's stderr when php itself fails. */
export function runPhpLibrary(
  source: string,
  command: PhpCommand,
  ini: Readonly<Record<string, string>> = {},
): Promise<PhpAnswer> {
  return new Promise((resolve, reject) => {
    const settings = Object.entries(ini).flatMap(([name, value]) => ["-d", `${name}=${value}`]);
    const child = spawn("php", [...settings, driver], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`php exited with ${code}: ${stderr}${stdout}`));
      try {
        resolve(JSON.parse(stdout) as PhpAnswer);
      } catch {
        reject(new Error(`php printed no JSON answer: ${stderr}${stdout}`));
      }
    });
    child.stdin.end(JSON.stringify({ source, ...command }));
  });
}

/** The names of the handlers the processor called, in order. */
export function handlerNames(answer: PhpAnswer): string[] {
  return answer.handlers.map((call) => call.handler);
}

/** A sandbox started by its CLI (`card-processing-sandbox`), as a shop running both stacks starts it. */
export interface CliSandbox {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

// The CLI of the built sandbox package (`bin` of @card-processing/sandbox).
const cli = join(
  dirname(createRequire(import.meta.url).resolve("@card-processing/sandbox/package.json")),
  "dist/cli/main.js",
);

/** Starts the sandbox CLI on a random port with `args`; rejects with its output when it exits instead. */
export function startSandboxCli(args: readonly string[]): Promise<CliSandbox> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      });
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /url:\s+(http\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve({ url, output: () => output, stop });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    // Its first line says why (a flag refused, a port in use).
    child.on("exit", (code) => reject(new Error(`the sandbox CLI exited (${code}): ${output.trim().split("\n")[0]}`)));
  });
}
