// The sliding puzzle's part of the page's browser test (tests/web/browser_test.mjs): the goal the
// board shows once a solution is played to its end.
import assert from 'node:assert/strict';

export const reachedGoal = (state) => assert.deepEqual(state, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
