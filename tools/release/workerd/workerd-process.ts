import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";

/** One Worker for {@link startWorkerd}: its bundle, its secrets and vars, its Durable Object classes. */
export interface WorkerdWorker {
  readonly name: string;
  /** The bundled ES module (see `buildWorker`). */
  readonly code: string;
  /** Text bindings: what `wrangler secret put` and `vars` give the Worker in `env`. */
  readonly text: Readonly<Record<string, string>>;
  /** Durable Object classes the module exports, each bound in `env` under its binding name. */
  readonly durableObjects?: Readonly<Record<string, string>>;
}

/** A running workerd: each Worker's address on 127.0.0.1, everything it printed, and its stop. */
export interface RunningWorkerd {
  readonly urls: Readonly<Record<string, string>>;
  output(): string;
  close(): Promise<void>;
}

/**
 * The compatibility date the Workers run with: the last before Node.js compatibility (`process`,
 * `process.env` filled from the secrets) became the default on 2026-08-04, and no compatibility flag,
 * so the packages run with fetch and Web Crypto alone, as in a Worker without `nodejs_compat`.
 */
export const compatibilityDate = "2026-08-03";

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const capnpText = (value: string) => JSON.stringify(value);

function workerConfig(worker: WorkerdWorker): string {
  const objects = Object.entries(worker.durableObjects ?? {});
  const bindings = [
    ...Object.entries(worker.text).map(([name, value]) => `(name = ${capnpText(name)}, text = ${capnpText(value)})`),
    ...objects.map(
      ([name, className]) => `(name = ${capnpText(name)}, durableObjectNamespace = ${capnpText(className)})`,
    ),
  ];
  const storage =
    objects.length === 0
      ? ""
      : `durableObjectNamespaces = [${objects
          .map(
            ([, className]) =>
              `(className = ${capnpText(className)}, uniqueKey = ${capnpText(`${worker.name}-${className}`)}, enableSql = true)`,
          )
          .join(", ")}],
  durableObjectStorage = (localDisk = "storage"),`;
  return `const ${worker.name} :Workerd.Worker = (
  modules = [(name = "${worker.name}.js", esModule = embed "${worker.name}.js")],
  compatibilityDate = "${compatibilityDate}",
  bindings = [${bindings.join(", ")}],
  ${storage}
  globalOutbound = "loopback",
);`;
}

/**
 * Runs Workers in workerd, as Cloudflare runs them, from a config written into `dir`: each Worker
 * named in `names` on its own port of 127.0.0.1 (`workers` gets every address, so one Worker's
 * settings can name another's), its Durable Objects stored on disk under `dir/storage` (SQLite, as
 * deployed), outbound `fetch` allowed to loopback addresses only (the sandbox). Resolves once every
 * Worker answers.
 *
 * @example
 * ```ts
 * const workerd = await startWorkerd(bin, dir, ["callbacks"], () => [
 *   { name: "callbacks", code, text: { MERCHANT_CONTROL_KEY: key } },
 * ]);
 * await fetch(workerd.urls.callbacks);
 * await workerd.close();
 * ```
 */
export async function startWorkerd(
  executable: string,
  dir: string,
  names: readonly string[],
  configure: (urls: Readonly<Record<string, string>>) => readonly WorkerdWorker[],
): Promise<RunningWorkerd> {
  await mkdir(join(dir, "storage"), { recursive: true });
  const urls: Record<string, string> = {};
  const sockets: string[] = [];
  for (const name of names) {
    const port = await freePort();
    urls[name] = `http://127.0.0.1:${port}`;
    sockets.push(`(name = "${name}", address = "127.0.0.1:${port}", http = (), service = "${name}")`);
  }
  const workers = configure(urls);
  for (const worker of workers) await writeFile(join(dir, `${worker.name}.js`), worker.code);
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    ${workers.map((w) => `(name = "${w.name}", worker = .${w.name}),`).join("\n    ")}
    (name = "loopback", network = (allow = ["local"])),
    (name = "storage", disk = (path = ${capnpText(join(dir, "storage"))}, writable = true)),
  ],
  sockets = [${sockets.join(", ")}],
);
${workers.map(workerConfig).join("\n")}
`;
  await writeFile(join(dir, "config.capnp"), config);
  const child: ChildProcess = spawn(executable, ["serve", "config.capnp"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  const close = async () => {
    if (child.exitCode === null) {
      child.kill();
      await exited;
    }
  };
  const deadline = Date.now() + 20_000;
  for (const url of Object.values(urls)) {
    while (
      !(await fetch(url).then(
        () => true,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await close();
        throw new Error(`workerd did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { urls, output: () => output, close };
}
