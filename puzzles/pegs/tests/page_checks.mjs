// Peg solitaire's part of the page's browser test (tests/web/browser_test.mjs): the sample's start
// has its empty hole set on the board, and a solution played to its end leaves one peg.
import assert from 'node:assert/strict';

export const prepare = (page) => page.click('#board [data-key="1"]');
export const reachedGoal = (state) => assert.deepEqual(state.flat().filter((peg) => peg === 1).length, 1);
