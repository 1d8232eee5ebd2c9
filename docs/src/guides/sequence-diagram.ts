import { labelLines, labelWidth } from "./label-lines.ts";

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
/** The distance between two lines of one label. */
const LINE = 14;
const FONT = 'font-family="system-ui, sans-serif" font-size="12"';
/** How far right of its lifeline a message to oneself starts its label. */
const LOOP_LABEL = 34;
/** The room a message to oneself has for its label: up to the next lifeline, less a gap. */
const LOOP_ROOM = COLUMN - LOOP_LABEL - 16;
/** The gap a label keeps from the lifelines of the arrow it names. */
const ARROW_PAD = 16;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A `<text>` of one or more lines; `y` is the baseline of the last one, earlier lines stand above it. */
function textLines(lines: readonly string[], x: number, y: number, attributes: string): string {
  const first = y - (lines.length - 1) * LINE;
  const spans = lines.map((line, index) => `<tspan x="${x}" y="${first + index * LINE}">${escapeXml(line)}</tspan>`);
  return `<text ${attributes}>${spans.join("")}</text>`;
}

/**
 * Renders a sequence diagram as a plain SVG string, at build time and offline: a box and a
 * lifeline per participant, an arrow per message (a loop for a message to oneself). A label longer
 * than the room beside its arrow wraps onto more lines, its row growing to hold them, and the
 * picture widens for a loop's label right of the last lifeline, so no label is cut off. A message
 * naming a participant that is not listed is an error naming it.
 */
export function renderSequenceDiagram(diagram: SequenceDiagram): string {
  const column = new Map(diagram.participants.map((name, index) => [name, index]));
  const indexOf = (name: string): number => {
    const index = column.get(name);
    if (index === undefined)
      throw new Error(`diagram "${diagram.title}": message names "${name}", which is not a participant`);
    return index;
  };
  const xOf = (name: string): number => MARGIN + COLUMN / 2 + indexOf(name) * COLUMN;
  const laidOut = diagram.messages.map((message) => {
    const from = xOf(message.from);
    const to = xOf(message.to);
    const room = from === to ? LOOP_ROOM : Math.abs(to - from) - ARROW_PAD;
    const lines = labelLines(message.text, room);
    return { message, from, to, lines, widest: Math.max(...lines.map(labelWidth)) };
  });
  const top = MARGIN + BOX_HEIGHT;
  let y = top;
  const rows = laidOut.map((row) => {
    y += ROW + (row.lines.length - 1) * LINE;
    return { ...row, y };
  });
  const height = y + ROW + MARGIN;
  // A label wider than the room between its lifelines (one long word) or a loop's label right of the
  // last lifeline reaches past the columns: the picture grows to hold it.
  const rightmost = rows.map((row) =>
    row.from === row.to ? row.from + LOOP_LABEL + row.widest : (row.from + row.to) / 2 + row.widest / 2,
  );
  const width = Math.max(
    MARGIN * 2 + COLUMN * diagram.participants.length,
    ...rightmost.map((x) => Math.ceil(x + MARGIN)),
  );
  const parts: string[] = [];
  for (const name of diagram.participants) {
    const x = xOf(name);
    parts.push(
      `<g class="participant"><rect x="${x - COLUMN / 2 + 8}" y="${MARGIN}" width="${COLUMN - 16}" height="${BOX_HEIGHT}" rx="6" fill="#eef4fb" stroke="#0b5cad"/>`,
      `<text x="${x}" y="${MARGIN + BOX_HEIGHT / 2 + 4}" text-anchor="middle" ${FONT} font-weight="600">${escapeXml(name)}</text>`,
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${height - MARGIN}" stroke="#8c959f" stroke-dasharray="4 4"/></g>`,
    );
  }
  for (const { message, from, to, lines, y: rowY } of rows) {
    const dash = message.reply ? ' stroke-dasharray="6 4"' : "";
    if (from === to) {
      parts.push(
        `<path d="M${from} ${rowY - 10} h28 v14 h-28" fill="none" stroke="#1f2328"${dash} marker-end="url(#arrow)"/>`,
        textLines(lines, from + LOOP_LABEL, rowY, FONT),
      );
      continue;
    }
    parts.push(
      `<line x1="${from}" y1="${rowY}" x2="${to}" y2="${rowY}" stroke="#1f2328"${dash} marker-end="url(#arrow)"/>`,
      textLines(lines, (from + to) / 2, rowY - 6, `text-anchor="middle" ${FONT}`),
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="sequence-diagram" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<title>${escapeXml(diagram.title)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1f2328"/></marker></defs>`,
    ...parts,
    "</svg>",
  ].join("\n");
}
