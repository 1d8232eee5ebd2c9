/** How much of a merchant's answer to a callback the sandbox keeps for the dashboard. */
export const ANSWER_START_CHARS = 200;

/**
 * The first `ANSWER_START_CHARS` characters of a response body, reading no more of it than that
 * and cancelling the rest, so a merchant answering with a large page costs nothing.
 */
export async function answerStart(response: Response): Promise<string> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < ANSWER_START_CHARS) {
    const { done, value } = await reader.read();
    if (done) {
      text += decoder.decode();
      break;
    }
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text.slice(0, ANSWER_START_CHARS);
}
