// What the page's modules share: SVG elements, the error a renderer throws for input it cannot
// draw, and the reading of contest text into lines and tokens. Nothing here knows a puzzle.
export const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element with these attributes, appended to `parent` when given.
export function svgEl(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// Input a renderer cannot turn into a board; the server still judges it when asked to solve.
export class InputProblem extends Error {}

// The lines of a text that hold something, trimmed, and a line's tokens.
export const filledLines = (text) => text.split('\n').map((line) => line.trim()).filter((line) => line);
export const tokensOf = (line) => line.split(/\s+/).filter((token) => token);

// "n thing" or "n things", with the count written for people (12,345).
export const counted = (n, one, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

// A move named by the way something goes (sliding's blank, cubic's empty cell): "u" -> "↑ up".
const DIRECTIONS = { u: '↑ up', d: '↓ down', l: '← left', r: '→ right' };
export const directionName = (move) => DIRECTIONS[move] || String(move);
