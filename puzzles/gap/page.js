// Gap: a deal of cards in rows ("23": suit 2, value 3, or "3.12"); the layout puts each suit's ace
// in column 1 of its row and a gap where it was. A move takes a card to a gap; its places are
// 1-based [row, column] in the answer, as drawn. A click on a card plays it into the gap it fits
// (right of the card one lower of its suit); the layout after it is written back as the deal that
// lays out the same (fromState), so a game in progress is a start like any other.
import { InputProblem, filledLines, svgEl, tokensOf } from '../common.js';

const suitOf = (card) => Number(card.includes('.') ? card.split('.')[0] : card[0]);
const valueOf = (card) => Number(card.includes('.') ? card.split('.')[1] : card.slice(1));
const dealText = (rows) => `1\n${rows.map((row) => row.join(' ')).join('\n')}\n`;

export const gap = {
  title: 'Gap (card solitaire)',
  rules:
      'Move a card into a gap just right of the card one lower of its suit, until each row runs in order.',
  basic: ['suits', 'values'],
  labels: {
    suits: 'Suits (rows)',
    values: 'Cards in each suit',
    prune: 'Pruning',
    seed: 'Random deal to explore from'
  },
  sample:
      '1\n26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n',
  hint:
      'Click a card to move it into the gap right of the card one lower of its suit; drag a card onto another card or a gap to swap them in the deal.',
  note: 'Moves: the card → its row,column (counted from 1).',
  parse(input, options) {
    const suits = Number(options.suits || 4), values = Number(options.values || 7);
    const rows = filledLines(input).slice(1, 1 + suits).map(tokensOf);
    if (rows.length !== suits || rows.some((row) => row.length !== values))
      throw new InputProblem(`a deal is ${suits} rows of ${values} cards, after the count`);
    return { rows, suits, values };
  },
  text: (model) => dealText(model.rows),
  state(model) {
    const layout = model.rows.map((row) => [null, ...row.map((card) => (valueOf(card) === 1 ? null : card))]);
    model.rows.flat().filter((card) => valueOf(card) === 1).forEach((ace) => {
      if (layout[suitOf(ace) - 1]) layout[suitOf(ace) - 1][0] = ace;
    });
    return layout;
  },
  draw(svg, state, context) {
    const width = 46, height = 60;
    const columns = state[0].length;
    svg.setAttribute('viewBox', `-4 -4 ${columns * width + 8} ${state.length * height + 8}`);
    const moved = context.move ? `${context.move.to[0] - 1},${context.move.to[1] - 1}` : null;
    state.forEach((row, r) => row.forEach((card, c) => {
      const place = `${r},${c}`;
      const group = svgEl('g', { class: card ? `card suit${suitOf(card)}${place === moved ? ' moved' : ''}` : 'gap',
                                 transform: `translate(${c * width},${r * height})`, 'data-key': place }, svg);
      svgEl('rect', { x: 2, y: 2, width: width - 4, height: height - 4, rx: 5 }, group);
      if (card) svgEl('text', { x: width / 2, y: height / 2, 'font-size': 16 }, group, card);
    }));
  },
  click(model, key) {
    const layout = this.state(model);
    const [r, c] = key.split(',').map(Number);
    const card = layout[r][c];
    if (!card || c === 0) return;
    const lower = (other) =>
        other && suitOf(other) === suitOf(card) && valueOf(other) === valueOf(card) - 1;
    const row = layout.findIndex((cards) => cards.some(lower));
    if (row < 0) return;
    const column = layout[row].findIndex(lower) + 1;
    if (column >= layout[row].length || layout[row][column] !== null) return;
    layout[row][column] = card;
    layout[r][c] = null;
    model.rows = this.parse(this.fromState(layout), model).rows;
  },
  // Places of the layout are swapped in the deal; the aces' column stays as it is.
  swap(model, a, b) {
    const [ra, ca] = a.split(',').map(Number), [rb, cb] = b.split(',').map(Number);
    if (ca === 0 || cb === 0) return;
    [model.rows[ra][ca - 1], model.rows[rb][cb - 1]] = [model.rows[rb][cb - 1], model.rows[ra][ca - 1]];
  },
  // The card leaves its place (1-based, the aces' column first) for its gap, as a click on it.
  play(model, move) { this.click(model, `${move.from[0] - 1},${move.from[1] - 1}`);},
  moveName: (move) => `${move.card} → ${move.to[0]},${move.to[1]}`,
  fromState(state) {
    const aces = state.map((row) => row[0]);
    return dealText(state.map((row) => row.slice(1).map((card) => card || aces.shift())));
  },
};
