// The explore histogram: states by depth as bars, with axis titles, depth ticks thinned to a step
// (1, 2, 5, 10, 20, ...) at which their measured widths never meet, a linear or log scale, and the
// exact count of a depth shown on hover and, for the keyboard, as a slider over the depths
// (arrow keys, Home, End) whose value is read out.
import { counted, svgEl } from './common.js';

const WIDTH = 320, HEIGHT = 140, LEFT = 40, BOTTOM = 34, TOP = 8, FONT = 10;

// The first of 1, 2, 5, 10, 20, 50, ... at which labels `widest` wide, `bar` apart, leave a gap.
function tickStep(widest, bar) {
  for (let step = 1; ; step *= 10)
    for (const factor of [1, 2, 5]) if (step * factor * bar >= widest + 4) return step * factor;
}


// Draws `layers` (states at each depth) into `box`; `depthTitle` names what a depth counts.
// Returns the chart's <svg>.
export function drawHistogram(box, layers, { log = false, depthTitle = 'depth' } = {}) {
  const plotWidth = WIDTH - LEFT - 4, plotHeight = HEIGHT - TOP - BOTTOM;
  const depthText = (depth) => `depth ${depth}: ${counted(layers[depth], 'state')}`;
  // The log scale's floor is 1 (10^0): a layer of one state is the thinnest bar drawn.
  const scale = log ? (n) => (n > 0 ? Math.log10(n) : 0) : (n) => n;
  const most = Math.max(1, ...layers.map(scale));
  const chart = svgEl('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'chart', role: 'slider', tabindex: 0,
                               'aria-label': `States by depth (${depthTitle})`, 'aria-valuemin': 0,
                               'aria-valuemax': layers.length - 1 });
  const readout = document.createElement('p');
  readout.className = 'readout';
  readout.setAttribute('aria-hidden', 'true');  // the slider's value text says it to a reader
  box.replaceChildren(chart, readout);
  const bar = Math.min(plotWidth / layers.length, 24);  // a few layers stay bars, not blocks
  const bars = layers.map((count, depth) => {
    const tall = count > 0 ? Math.max(1, (scale(count) / most) * plotHeight) : 0;
    const rect = svgEl('rect', { class: 'bar', x: LEFT + depth * bar, y: TOP + plotHeight - tall,
                                 width: Math.max(0.5, bar * 0.85), height: tall, 'data-depth': depth,
                                 'data-count': count }, chart);
    // The whole column answers the pointer, however short its bar.
    const hit = svgEl('rect', { class: 'hit', x: LEFT + depth * bar, y: TOP, width: bar, height: plotHeight,
                                'data-depth': depth }, chart);
    svgEl('title', {}, hit, depthText(depth));
    return rect;
  });
  svgEl('line', { class: 'axis', x1: LEFT, y1: TOP + plotHeight, x2: LEFT + bar * layers.length, y2: TOP + plotHeight }, chart);
  svgEl('line', { class: 'axis', x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + plotHeight }, chart);
  svgEl('text', { class: 'tick', x: LEFT - 3, y: TOP, 'text-anchor': 'end' }, chart, new Intl.NumberFormat('en', { notation: 'compact' }).format(Math.max(...layers)));
  svgEl(
      'text', {class: 'tick', x: LEFT - 3, y: TOP + plotHeight, 'text-anchor': 'end'}, chart,
      log ? '1' : '0');
  svgEl('text', { class: 'title', x: LEFT + Math.max(bar * layers.length, 160) / 2, y: HEIGHT - 9 }, chart, depthTitle);
  svgEl('text', { class: 'title', x: 10, y: TOP + plotHeight / 2, transform: `rotate(-90 10 ${TOP + plotHeight / 2})` },
        chart, log ? 'states (log scale)' : 'states');

  // Depth labels: all drawn, measured, then thinned to one step.
  const labels = layers.map((_, depth) => svgEl('text', { class: 'tick depth', x: LEFT + depth * bar + bar / 2,
                                                          y: TOP + plotHeight + 9 }, chart, String(depth)));
  const widest = Math.max(...labels.map((label) => {
    let measured = 0;
    try { measured = label.getComputedTextLength(); } catch { /* not laid out */ }
    return Math.max(measured, label.textContent.length * FONT * 0.62);
  }));
  const step = tickStep(widest, bar);
  labels.forEach((label, depth) => { if (depth % step !== 0) label.remove(); });

  let chosen = null;
  const choose = (depth) => {
    if (chosen !== null) bars[chosen].classList.remove('chosen');
    chosen = depth === null ? null : Math.max(0, Math.min(layers.length - 1, depth));
    if (chosen === null) { readout.textContent = '\u00a0'; return; }
    bars[chosen].classList.add('chosen');
    const words = depthText(chosen);
    readout.textContent = words;
    chart.setAttribute('aria-valuenow', chosen);
    chart.setAttribute('aria-valuetext', words);
  };
  chart.addEventListener('pointermove', (event) => {
    const depth = event.target.getAttribute('data-depth');
    if (depth !== null) choose(Number(depth));
  });
  chart.addEventListener('pointerleave', () => { if (document.activeElement !== chart) choose(null); });
  chart.addEventListener('focus', () => choose(chosen ?? layers.length - 1));
  chart.addEventListener('blur', () => choose(null));
  chart.addEventListener('keydown', (event) => {
    const moves = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in moves)) return;
    event.preventDefault();
    event.stopPropagation();
    const to = Number.isFinite(moves[event.key]) ? (chosen ?? 0) + moves[event.key]
      : moves[event.key] < 0 ? 0 : layers.length - 1;
    choose(to);
  });
  chart.setAttribute('aria-valuenow', layers.length - 1);
  chart.setAttribute('aria-valuetext', depthText(layers.length - 1));
  return chart;
}
