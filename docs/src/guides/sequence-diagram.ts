/** One arrow of a sequence diagram: `from` sends `text` to `to` (a dashed arrow for a reply). */
export interface SequenceMessage {
  readonly from: string;
  readonly to: string;
  readonly text: string;
  readonly reply?: boolean;
}

/** A sequence diagram: its participants, left to right, and its messages, top to bottom. */
export interface SequenceDiagram {
  readonly title: string;
  readonly participants: readonly string[];
  readonly messages: readonly SequenceMessage[];
}

const COLUMN = 220;
const MARGIN = 20;
const BOX_HEIGHT = 34;
const ROW = 34;
const FONT = 'font-family="system-ui, sans-serif" font-size="12"';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Renders a sequence diagram as a plain SVG string, at build time and offline: a box and a
 * lifeline per participant, an arrow per message (a loop for a message to oneself). A message
 * naming a participant that is not listed is an error naming it.
 */
export function renderSequenceDiagram(diagram: SequenceDiagram): string {
  const column = new Map(diagram.participants.map((name, index) => [name, index]));
  const xOf = (name: string): number => {
    const index = column.get(name);
    if (index === undefined)
      throw new Error(`diagram "${diagram.title}": message names "${name}", which is not a participant`);
    return MARGIN + COLUMN / 2 + index * COLUMN;
  };
  const width = MARGIN * 2 + COLUMN * diagram.participants.length;
  const top = MARGIN + BOX_HEIGHT;
  const height = top + ROW * (diagram.messages.length + 1) + MARGIN;
  const parts: string[] = [];
  for (const name of diagram.participants) {
    const x = xOf(name);
    parts.push(
      `<g class="participant"><rect x="${x - COLUMN / 2 + 8}" y="${MARGIN}" width="${COLUMN - 16}" height="${BOX_HEIGHT}" rx="6" fill="#eef4fb" stroke="#0b5cad"/>`,
      `<text x="${x}" y="${MARGIN + BOX_HEIGHT / 2 + 4}" text-anchor="middle" ${FONT} font-weight="600">${escapeXml(name)}</text>`,
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${height - MARGIN}" stroke="#8c959f" stroke-dasharray="4 4"/></g>`,
    );
  }
  diagram.messages.forEach((message, index) => {
    const y = top + ROW * (index + 1);
    const from = xOf(message.from);
    const to = xOf(message.to);
    const dash = message.reply ? ' stroke-dasharray="6 4"' : "";
    const label = escapeXml(message.text);
    if (from === to) {
      parts.push(
        `<path d="M${from} ${y - 10} h28 v14 h-28" fill="none" stroke="#1f2328"${dash} marker-end="url(#arrow)"/>`,
        `<text x="${from + 34}" y="${y}" ${FONT}>${label}</text>`,
      );
      return;
    }
    parts.push(
      `<line x1="${from}" y1="${y}" x2="${to}" y2="${y}" stroke="#1f2328"${dash} marker-end="url(#arrow)"/>`,
      `<text x="${(from + to) / 2}" y="${y - 6}" text-anchor="middle" ${FONT}>${label}</text>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="sequence-diagram" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<title>${escapeXml(diagram.title)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1f2328"/></marker></defs>`,
    ...parts,
    "</svg>",
  ].join("\n");
}
