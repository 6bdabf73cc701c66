// Editing the start on the drawn board from the keyboard, as the pointer does: the arrow keys move
// a cursor over the drawing's places (its data-key elements) to the nearest place that way, Enter
// acts on the place as a click, Space picks it up and, pressed on another place, swaps the two.
// The cursor and the place picked up are classes on the places' elements, set again after each
// drawing (mark()); keys the board does not use go on to the page (playback).
const WAYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// A place's key as the renderers take it: a number where it is one ("7"), else the text ("2,3").
export const placeKey = (text) => (Number.isNaN(Number(text)) ? text : Number(text));

// `editable()` says whether the start is being edited; `click(key)` and `swap(a, b)` edit it.
export function editFromKeyboard(svg, { editable, click, swap }) {
  let cursor = null, picked = null;

  // Each place's centre on the screen, in the drawing's order.
  const places = () => {
    const centres = new Map();
    for (const element of svg.querySelectorAll('[data-key]')) {
      const key = element.getAttribute('data-key');
      if (centres.has(key)) continue;
      const box = element.getBoundingClientRect();
      centres.set(key, [box.left + box.width / 2, box.top + box.height / 2]);
    }
    return centres;
  };

  const mark = () => {
    const shown = document.activeElement === svg && editable();
    for (const element of svg.querySelectorAll('[data-key]')) {
      const key = element.getAttribute('data-key');
      element.classList.toggle('cursor', shown && key === cursor);
      element.classList.toggle('picked', shown && key === picked);
    }
  };

  // The place nearest to the cursor the way [dx, dy] goes, counting sideways distance thrice.
  const nearest = ([dx, dy]) => {
    const centres = places();
    const [x, y] = centres.get(cursor) || [0, 0];
    let best = cursor, score = Infinity;
    for (const [key, [px, py]] of centres) {
      const along = (px - x) * dx + (py - y) * dy, aside = Math.abs((px - x) * dy - (py - y) * dx);
      if (along > 1 && along + 3 * aside < score) { best = key; score = along + 3 * aside; }
    }
    return best;
  };

  svg.addEventListener('focus', () => {
    const centres = places();
    if (!centres.has(cursor)) cursor = centres.keys().next().value ?? null;
    mark();
  });
  svg.addEventListener('blur', () => { picked = null; mark(); });
  svg.addEventListener('keydown', (event) => {
    if (!editable() || cursor === null) return;
    if (WAYS[event.key]) {
      cursor = nearest(WAYS[event.key]);
    } else if (event.key === 'Enter') {
      click(placeKey(cursor));
    } else if (event.key === ' ') {
      if (picked === null) picked = cursor;
      else { const from = picked; picked = null; swap(placeKey(from), placeKey(cursor)); }
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    mark();
  });
  return { mark };
}
