// The rolling block's part of the page's browser test (tests/web/browser_test.mjs): once the cuts
// of a solution are dug, the block no longer reaches the goal; a dealt board blocked by hints; the
// sample's cells to dig named 1-based, the block's reach drawn before and after.
import assert from 'node:assert/strict';

export const reachedGoal = async (state, page) =>
  assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'false');

// The fewest cells to dig, once the page says it.
async function fewest(page) {
  await page.waitForFunction(() => /Fewest cells to dig: \d|Blocked/.test(document.getElementById('distance').textContent));
  return Number(/Fewest cells to dig: (\d+)/.exec(await page.textContent('#distance'))?.[1]);
}

export const checks = [{
  title: 'a dealt board is blocked by hints, each digging one of the fewest cells, and a filled hole undone',
  run: async ({ open }) => {
    const page = await open('p=block&g=7');
    const optimal = await fewest(page);
    assert.ok(optimal >= 1, `the board needs ${optimal} cells dug`);
    // A cell dug by a click that digs nothing useful, then undone.
    const start = await page.inputValue('#input');
    await page.click('#board [data-key="0,0"]');
    assert.notEqual(await page.inputValue('#input'), start);
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#input'), start);
    for (let dug = 1; dug <= optimal; ++dug) {
      await page.keyboard.press('h');
      await page.waitForFunction((n) => new RegExp(`Cells changed: ${n}\\. Fewest cells to dig: \\d|Blocked`)
        .test(document.getElementById('distance').textContent), dug);
      if (dug < optimal) assert.equal(await fewest(page), optimal - dug);
    }
    await page.waitForSelector('#distance.won');
    assert.equal(await page.textContent('#distance'),
                 `Blocked with ${optimal} cell${optimal === 1 ? '' : 's'} changed (fewest: ${optimal})!`);
    await page.close();
  },
}, {
  title: 'the answer is cells to dig, 1-based, with the reach before and after',
  run: async ({ open }) => {
    const page = await open('p=block');
    await page.click('#solve');
    await page.waitForSelector('#stat-length');
    assert.equal(await page.textContent('#message'), 'Solved: dig 2 cells.');
    assert.deepEqual(await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)),
                     ['dig 1,2', 'dig 1,3']);
    // Before digging the block reaches the goal standing; after, not.
    await page.keyboard.press('Home');
    assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'true');
    assert.equal(await page.locator('#board .block-cell.stand').count(), 2);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step'), /^Cell 1 of 2: dig 1,2 \(1 to go\)$/);
    await page.keyboard.press('End');
    assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'false');
    assert.equal(await page.locator('#board .block-cell.stand').count(), 1);
    // An answer of 0: a board whose goal the block cannot reach.
    await page.fill('#input', '1\n4\nb..H\n....\nHHHH\nHHH$\n');
    await page.click('#solve');
    await page.waitForSelector('#stat-length');
    assert.match(await page.textContent('#message'), /^Solved: nothing to dig/);
    await page.close();
  },
}];
