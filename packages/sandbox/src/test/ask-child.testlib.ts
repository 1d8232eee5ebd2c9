// One question to a forked helper process of the benches (the load generator, the bare server, a
// sandbox of its own) and its answer: the next message it sends. An answer `{ error }` rejects, and
// so does the child exiting before it answers, so a crashed helper ends the bench instead of
// leaving it waiting for ever.
import type { ChildProcess, Serializable } from "node:child_process";

/** Sends `message` to `child` and resolves with its answer; `label` names the child in errors. */
export function askChild<Answer>(child: ChildProcess, message: Serializable, label: string): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const onMessage = (answer: Answer | { error: string }) => {
      child.off("exit", onExit);
      if (typeof answer === "object" && answer !== null && "error" in answer) reject(new Error(answer.error));
      else resolve(answer);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      child.off("message", onMessage);
      reject(new Error(`${label} exited (${signal ?? code}) before it answered`));
    };
    child.once("message", onMessage);
    child.once("exit", onExit);
    child.send(message);
  });
}
