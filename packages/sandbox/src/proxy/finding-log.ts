import { constants, createWriteStream, openSync, type WriteStream } from "node:fs";
import { maskCardNumbersInText } from "@card-processing/signing";
import { secureDataFile } from "../store/data-dir-safety.js";
import type { FindingDraft, ProxyFinding } from "./finding.js";

/** How many findings the proxy keeps in memory for its page; the report file keeps every one. */
const KEPT = 1_000;

/**
 * The report file opened for appending: checked first as a data directory's files are (this
 * user's, writable by no one else, no other hard links), then opened without following a link
 * put in its place meanwhile, created 0600 when new.
 */
function appendOnly(reportFile: string): WriteStream {
  secureDataFile(reportFile, "reportFile");
  const fd = openSync(
    reportFile,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  return createWriteStream("", { fd });
}

/**
 * The findings of a proxy run: appended to the report file (one JSON object a line), the latest
 * kept for the page, every one counted by operation and rule. Evidence for an assumption is
 * reported once per operation and assumption, then only counted.
 */
export class FindingLog {
  readonly #kept: ProxyFinding[] = [];
  readonly #counts = new Map<string, number>();
  readonly #evidenceSeen = new Set<string>();
  readonly #report: WriteStream | undefined;

  constructor(reportFile: string | undefined) {
    this.#report = reportFile === undefined ? undefined : appendOnly(reportFile);
  }

  /** Stamps and keeps the findings of one exchange; returns those reported (evidence seen before is only counted). */
  add(operation: string, drafts: readonly FindingDraft[], at: Date): ProxyFinding[] {
    const added: ProxyFinding[] = [];
    for (const draft of drafts) {
      const finding: ProxyFinding = {
        at: at.toISOString(),
        operation,
        direction: draft.direction,
        kind: draft.kind ?? "departure",
        rule: draft.rule,
        ...(draft.field === undefined ? {} : { field: maskCardNumbersInText(draft.field) }),
        message: maskCardNumbersInText(draft.message),
        specFile: draft.specFile,
        ...(draft.assumption === undefined ? {} : { assumption: draft.assumption }),
      };
      const countKey = `${operation}\t${finding.rule}`;
      this.#counts.set(countKey, (this.#counts.get(countKey) ?? 0) + 1);
      if (finding.kind === "evidence") {
        const once = `${operation}\t${finding.assumption ?? ""}`;
        if (this.#evidenceSeen.has(once)) continue;
        this.#evidenceSeen.add(once);
      }
      this.#kept.push(finding);
      if (this.#kept.length > KEPT) this.#kept.shift();
      this.#report?.write(`${JSON.stringify(finding)}\n`);
      added.push(finding);
    }
    return added;
  }

  /** The latest findings, oldest first. */
  list(): readonly ProxyFinding[] {
    return [...this.#kept];
  }

  /** Every finding counted by operation and rule, evidence included. */
  counts(): Record<string, Record<string, number>> {
    const counts: Record<string, Record<string, number>> = {};
    for (const [key, count] of this.#counts) {
      const [operation = "", rule = ""] = key.split("\t");
      counts[operation] = { ...counts[operation], [rule]: count };
    }
    return counts;
  }

  /** The counts as lines of text, for the summary printed when the proxy stops. */
  summary(): string {
    const lines = Object.entries(this.counts())
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([operation, rules]) =>
        Object.entries(rules).map(([rule, count]) => `  ${operation.padEnd(26)} ${rule.padEnd(24)} ${count}`),
      );
    return lines.length === 0
      ? "no findings: the traffic agreed with the spec"
      : `findings by operation and rule:\n${lines.join("\n")}`;
  }

  /** Flushes and closes the report file. */
  close(): Promise<void> {
    const report = this.#report;
    if (report === undefined) return Promise.resolve();
    return new Promise((resolve) => report.end(resolve));
  }
}
