/**
 * Wraps the caller's `logger` so that a logger that throws cannot stop the sandbox: the line and
 * the logger's error go to stderr instead, since both the request path and background work log
 * from places where a throw would end the process.
 */
export function safeLogger(logger: (line: string) => void): (line: string) => void {
  return (line) => {
    try {
      logger(line);
    } catch (error) {
      process.stderr.write(
        `sandbox logger failed (${error instanceof Error ? `${error.name}: ${error.message}` : "non-error thrown"}); line: ${line}\n`,
      );
    }
  };
}
