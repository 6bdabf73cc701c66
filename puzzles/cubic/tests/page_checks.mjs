// The Cubic Eight-Puzzle's part of the page's browser test (tests/web/browser_test.mjs): once a
// solution is played to its end, the dice's top colours are the goal drawn beside the board.
import assert from 'node:assert/strict';

export const reachedGoal = async (state, page) => assert.deepEqual(
  state.flat().map((die) => (die === '...' ? 'E' : die[0])),
  await page.$$eval('#board .goal-cell', (cells) => cells.map((cell) => cell.classList[1])));
