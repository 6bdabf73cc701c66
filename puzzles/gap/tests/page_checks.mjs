// Gap's part of the page's browser test (tests/web/browser_test.mjs): the goal the board shows once
// a solution is played to its end, every row in order with its gap last.
import assert from 'node:assert/strict';

export const reachedGoal = (state) => state.forEach((row, r) => row.forEach((card, c) =>
  assert.equal(card, c === row.length - 1 ? null : `${r + 1}${c + 1}`)));
