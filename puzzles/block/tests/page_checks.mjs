// The rolling block's part of the page's browser test (tests/web/browser_test.mjs): once the cuts
// of a solution are dug, the block no longer reaches the goal.
import assert from 'node:assert/strict';

export const reachedGoal = async (state, page) =>
  assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'false');
