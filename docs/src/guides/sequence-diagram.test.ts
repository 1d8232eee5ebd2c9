import { describe, expect, it } from "vitest";
import { renderSequenceDiagram } from "./sequence-diagram.ts";

describe("renderSequenceDiagram", () => {
  const diagram = {
    title: "A <sale>",
    participants: ["Shop", "Gateway"],
    messages: [
      { from: "Shop", to: "Gateway", text: "sale & control" },
      { from: "Gateway", to: "Shop", text: "processing", reply: true },
      { from: "Shop", to: "Shop", text: "store" },
    ],
  };

  it("draws a box per participant and an arrow per message, replies dashed", () => {
    const svg = renderSequenceDiagram(diagram);
    expect(svg.match(/<g class="participant">/g)).toHaveLength(2);
    expect(svg.match(/marker-end="url\(#arrow\)"/g)).toHaveLength(3);
    expect(svg.match(/stroke-dasharray="6 4"/g)).toHaveLength(1);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("escapes the texts", () => {
    const svg = renderSequenceDiagram(diagram);
    expect(svg).toContain("<title>A &#60;sale&#62;</title>");
    expect(svg).toContain("sale &#38; control");
  });

  it("refuses a message naming someone who is not a participant, naming them", () => {
    expect(() => renderSequenceDiagram({ ...diagram, messages: [{ from: "Shop", to: "Bank", text: "x" }] })).toThrow(
      /"Bank", which is not a participant/,
    );
  });
});
