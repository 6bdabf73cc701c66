// The Cubic Eight-Puzzle's part of the page's browser test (tests/web/browser_test.mjs): once a
// solution is played to its end, the dice's top colours are the goal drawn beside the board; the
// die that rolled last stays marked; a game is played to solved by clicks, swipes and hints; a goal
// beyond the move limit is said to be.
import assert from 'node:assert/strict';

export const reachedGoal = async (state, page) => assert.deepEqual(
  state.flat().map((die) => (die === '...' ? 'E' : die[0])),
  await page.$$eval('#board .goal-cell', (cells) => cells.map((cell) => cell.classList[1])));

const distanceText = (page) => page.textContent('#distance');

// Waits until the page says `played` moves were played and the distance after them.
const playedShown = (page, played) => page.waitForFunction((n) =>
  new RegExp(`Moves played: ${n}\\. Distance to the goal: \\d|Solved in`).test(document.getElementById('distance').textContent), played);

// The board's key of the die that `move` (the way the empty cell goes) rolls.
async function dieRolledBy(page, move) {
  const dice = JSON.parse(await page.getAttribute('#board', 'data-state'));
  const r = dice.findIndex((row) => row.includes('...')), c = dice[r].indexOf('...');
  const [dr, dc] = {u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1]}[move];
  return {die: `s${r + dr},${c + dc}`, empty: `s${r},${c}`};
}

export const checks = [{
  title: 'the die that rolled stays marked after its animation',
  run: async ({ open }) => {
    const page = await open('p=cubic&s=1&m=1');
    await page.waitForSelector('#board .rolled-mark');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    assert.equal(await page.locator('#board .rolled-mark').count(), 1);
    assert.match(await page.textContent('#legend'), /north and south faces/);
    await page.close();
  },
}, {
  title: 'a game is played to solved by clicking and swiping dice and by the hint key, with undo and redo',
  run: async ({ open, solveAndEnd }) => {
    const page = await open(`p=cubic&i=${encodeURIComponent('3 3\nW B W\nB R E\nR B R\n0 0\n')}`);
    await page.waitForFunction(() => /Distance to the goal: 13 moves/.test(document.getElementById('distance').textContent));
    await solveAndEnd(page);
    const moves = await page.$$eval('#moves li', (items) => items.map((item) => /(up|down|left|right)/.exec(item.textContent)[1][0]));
    assert.equal(moves.length, 13);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#stat-length', { state: 'detached' });
    // A die not beside the empty cell clicked is no move.
    await page.click('#board [data-key="s0,0"]');
    assert.match(await distanceText(page), /Moves played: 0\./);
    // Four of the solution's moves by clicks and swipes, each a move nearer; one undone and redone.
    for (const [i, move] of moves.slice(0, 4).entries()) {
      const { die, empty } = await dieRolledBy(page, move);
      if (i % 2 === 0) await page.click(`#board [data-key="${die}"]`);
      else await page.dragAndDrop(`#board [data-key="${die}"]`, `#board [data-key="${empty}"]`);
      await playedShown(page, i + 1);
      assert.match(await distanceText(page), new RegExp(`goal: ${12 - i} move`));
    }
    const played = await page.inputValue('#input');
    assert.match(played, /^([WRB]{3}|\.\.\.) /);  // written in full: some die is not as it started
    await page.keyboard.press('Control+z');
    await playedShown(page, 3);
    assert.match(await distanceText(page), /goal: 10 moves/);
    await page.keyboard.press('Control+y');
    await playedShown(page, 4);
    assert.equal(await page.inputValue('#input'), played);
    // The rest by hints, each optimal, to the solved moment.
    for (let i = 4; i < 13; ++i) {
      await page.keyboard.press('h');
      await playedShown(page, i + 1);
      if (i + 1 < 13) assert.match(await distanceText(page), new RegExp(`goal: ${12 - i} move`));
    }
    await page.waitForSelector('#distance.won');
    assert.equal(await distanceText(page), 'Solved in 13 moves (optimal: 13)!');
    await page.close();
  },
}, {
  title: 'a goal further than the move limit: none within it, said by the distance and the search',
  run: async ({ open, messageSays, distanceSays }) => {
    const options = encodeURIComponent(JSON.stringify({ 'max-moves': '2' }));
    const page = await open(`p=cubic&o=${options}&i=${encodeURIComponent('2 1\nR B W\nR W W\nE W W\n0 0\n')}`);
    await distanceSays(page, /No solution within the move limit\.$/);
    await page.click('#solve');
    await messageSays(page, /^No solution within the move limit\.$/);
    await page.close();
  },
}];
