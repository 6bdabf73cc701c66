// Gap's part of the page's browser test (tests/web/browser_test.mjs): the goal the board shows once
// a solution is played to its end, every row in order with its gap last; a game played to solved by
// clicking each card of an optimal solution, the distance falling by one a move; explore from a deal
// edited on the board answers as the command line's.
import assert from 'node:assert/strict';

export const reachedGoal = (state) => state.forEach((row, r) => row.forEach((card, c) =>
  assert.equal(card, c === row.length - 1 ? null : `${r + 1}${c + 1}`)));

const distanceText = (page) => page.textContent('#distance');

export const checks = [{
  title: 'a game is played to solved by clicking cards into their gaps',
  run: async ({ open, solveAndEnd }) => {
    const options = encodeURIComponent(JSON.stringify({ suits: '2', values: '3' }));
    const page = await open(`p=gap&o=${options}&i=${encodeURIComponent('1\n21 23 12\n11 22 13\n')}`);
    await page.waitForFunction(() => /Distance to the goal: 4 moves/.test(document.getElementById('distance').textContent));
    await solveAndEnd(page);
    const cards = (await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
      .map((name) => name.split(' ')[0]);
    assert.equal(cards.length, 4);
    await page.keyboard.press('Escape');
    // A card with no gap to go to stays where it is.
    await page.click('#board g.card:has(text:text-is("23"))');
    assert.match(await distanceText(page), /Moves played: 0\./);
    for (const [i, card] of cards.entries()) {
      await page.click(`#board g.card:has(text:text-is("${card}"))`);
      await page.waitForFunction((n) => new RegExp(`Moves played: ${n}\\. Distance to the goal: \\d|Solved in`)
        .test(document.getElementById('distance').textContent), i + 1);
      if (i + 1 < cards.length) assert.match(await distanceText(page), new RegExp(`goal: ${cards.length - i - 1} move`));
    }
    assert.equal(await distanceText(page), 'Solved in 4 moves (optimal: 4)!');
    await page.close();
  },
}, {
  title: 'explores from the deal shown, as plumb explore does',
  run: async ({ open, exploreMatchesCli }) => {
    const page = await open('p=gap');
    // Two cards swapped on the board: a deal that is not the sample nor a random one.
    const sample = await page.inputValue('#input');
    await page.dragAndDrop('#board [data-key="0,1"]', '#board [data-key="1,4"]');
    assert.notEqual(await page.inputValue('#input'), sample);
    await exploreMatchesCli('gap', page, /the first deal of (the )?input/);
    await page.close();
  },
}];
