import { chmod, chown, link, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirError, type Sandbox, startSandbox } from "../index.js";

const dirs: string[] = [];
const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh parent directory, private to the test, and the data directory's path in it. */
async function place(): Promise<{ parent: string; dir: string }> {
  const parent = await mkdtemp(join(tmpdir(), "sandbox-trust-"));
  dirs.push(parent);
  return { parent, dir: join(parent, "data") };
}

async function started(dataDir: string): Promise<Sandbox> {
  const sandbox = await startSandbox({ latencyMs: 0, dataDir });
  open.push(sandbox);
  return sandbox;
}

async function modeOf(path: string): Promise<string> {
  return ((await stat(path)).mode & 0o777).toString(8);
}

/** A data directory a sandbox has run in once (it holds sandbox.db), with the sandbox closed. */
async function used(): Promise<string> {
  const { dir } = await place();
  const first = await started(dir);
  open.splice(open.indexOf(first), 1);
  await first.close();
  return dir;
}

const isRoot = process.getuid?.() === 0;

describe("a data directory the sandbox cannot trust", () => {
  it("refuses a directory other users can write to, naming it and the fix, and writes nothing into it", async () => {
    const { dir } = await place();
    await mkdir(dir);
    await chmod(dir, 0o777);
    const refused = startSandbox({ dataDir: dir });
    await expect(refused).rejects.toBeInstanceOf(DataDirError);
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      `dataDir: ${dir} can be written by other users (mode 0777)`,
    );
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(`chmod 700 ${dir}`);
    expect(await readdir(dir)).toEqual([]);
  });

  it("makes a directory others can only read private (0700), and a new sandbox.db 0600", async () => {
    const { dir } = await place();
    await mkdir(dir);
    await chmod(dir, 0o755);
    await started(dir);
    expect(await modeOf(dir)).toBe("700");
    expect(await modeOf(join(dir, "sandbox.db"))).toBe("600");
  });

  it("refuses a sandbox.db other users can write to, and makes one they can read private", async () => {
    const dir = await used();
    const file = join(dir, "sandbox.db");
    await chmod(file, 0o666);
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      `dataDir: ${file} can be written by other users (mode 0666), so it may have been changed; check it, then run chmod 600 ${file}`,
    );
    await chmod(file, 0o644);
    await started(dir);
    expect(await modeOf(file)).toBe("600");
  });

  it("never writes sandbox.pid through a link planted in its place: the target keeps its content", async () => {
    const { parent, dir } = await place();
    await mkdir(dir, { mode: 0o700 });
    const target = join(parent, "victim.txt");
    await writeFile(target, "precious\n");
    await symlink(target, join(dir, "sandbox.pid"));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      `dataDir: ${join(dir, "sandbox.pid")} is a symbolic link, which is never followed; remove it`,
    );
    expect(await readFile(target, "utf8")).toBe("precious\n");
  });

  it("refuses a sandbox.db that is a symbolic link or has another hard link, leaving its target alone", async () => {
    const { parent, dir } = await place();
    await mkdir(dir, { mode: 0o700 });
    const target = join(parent, "elsewhere.db");
    await writeFile(target, "", { mode: 0o600 });
    await symlink(target, join(dir, "sandbox.db"));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/sandbox\.db is a symbolic link/);
    await rm(join(dir, "sandbox.db"));
    await link(target, join(dir, "sandbox.db"));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/sandbox\.db has other hard links/);
    expect((await stat(target)).size).toBe(0);
    // Nothing stays locked: with the link gone, the directory is usable.
    await rm(join(dir, "sandbox.db"));
    await started(dir);
  });

  it.skipIf(!isRoot)("refuses a directory owned by another user (run as root: chowned to nobody)", async () => {
    const { dir } = await place();
    await mkdir(dir, { mode: 0o700 });
    await chown(dir, 65534, 65534);
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      `dataDir: ${dir} belongs to another user (uid 65534), not to the user this process runs as (uid 0); choose a directory of your own`,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
