import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./published-packages.ts";

/** A Verdaccio registry on 127.0.0.1 holding only what is published to it. */
export interface LocalRegistry {
  /** Its address, ending in `/`. */
  readonly url: string;
  /** A token of a user it created, allowed to publish. */
  readonly token: string;
  /** Stops it (by its PID) and removes its storage. */
  stop(): Promise<void>;
}

// Every package may be read and published by a logged-in user; there is no uplink, so the
// registry holds our packages only and a consumer takes everything else from npm.
const config = `storage: ./storage
auth:
  htpasswd:
    file: ./htpasswd
    max_users: 10
uplinks: {}
packages:
  "**":
    access: $all
    publish: $authenticated
log: { type: stdout, format: pretty, level: warn }
`;

/**
 * Starts Verdaccio in a child process with its storage in a temporary folder, on a free port,
 * and creates a user to publish with, through the registry's own `PUT /-/user/...` (what
 * `npm adduser` calls).
 *
 * @example
 * ```ts
 * const registry = await startLocalRegistry();
 * // .npmrc: `@card-processing:registry=${registry.url}` and `//127.0.0.1:PORT/:_authToken=${registry.token}`
 * await registry.stop();
 * ```
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const dir = await mkdtemp(join(tmpdir(), "card-processing-registry-"));
  await writeFile(join(dir, "config.yaml"), config);
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "tools/release/local-registry-server.ts"), join(dir, "config.yaml")],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(child.pid);
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`Verdaccio did not start within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split("\n").find((l) => l.startsWith('{"url"'));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Verdaccio exited (${code}):\n${output}`));
      });
    });
    const name = "rehearsal";
    const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, password: "rehearsal-password", email: "rehearsal@example.com" }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`Verdaccio refused the user: HTTP ${response.status}`);
    return { url, token: body.token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
