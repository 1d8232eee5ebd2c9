// A throwaway PostgreSQL server from Debian's `postgresql` package: initdb in a temporary
// directory, postgres on 127.0.0.1 at a free port, trust authentication, stopped by its PID.
// initdb and postgres refuse to run as root, so as root they run as the `postgres` user.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The directory of Debian's PostgreSQL binaries (`/usr/lib/postgresql/<version>/bin`), if installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb")));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join(root, newest, "bin");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A started server: its port, and `stop`, which ends it by its PID and removes its directory. */
export interface PostgresServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startPostgres(bin: string): Promise<PostgresServer> {
  const dir = await mkdtemp(join(tmpdir(), "callback-claims-pg-"));
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) }
    : {};
  if (asRoot) await chown(dir, ids.uid as number, ids.gid as number);
  const data = join(dir, "data");
  execFileSync(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"], {
    ...ids,
    stdio: "ignore",
  });
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(bin, "postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "max_connections=60",
    ],
    { ...ids, stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.pid !== undefined) process.kill(server.pid, "SIGTERM");
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const ready = Date.now() + 20_000;
  for (;;) {
    try {
      execFileSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"], {
        stdio: "ignore",
      });
      return { port, stop };
    } catch {
      if (Date.now() > ready || server.exitCode !== null) {
        await stop();
        throw new Error(`PostgreSQL did not start on 127.0.0.1:${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
