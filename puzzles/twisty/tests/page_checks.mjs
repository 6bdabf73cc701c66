// The twisty puzzle's part of the page's browser test (tests/web/browser_test.mjs): its `all` flag
// is a check box, kept in the link, and a solution found with it names the other optimal ones; a
// game is played to solved with the move keys and a hint.
import assert from 'node:assert/strict';

export const checks = [{
  title: 'the all box names every optimal solution',
  run: async ({ open, solveAndEnd }) => {
    const options = encodeURIComponent(JSON.stringify({ definition: '2x2x2' }));
    const page = await open(`p=twisty&o=${options}&i=${encodeURIComponent("R U R' U'")}`);
    await page.check('#option-all');
    assert.match(page.url(), /%22all%22%3Atrue|"all":true/);
    await solveAndEnd(page);
    assert.equal(await page.textContent('#stat-length'), '4');
    assert.match(await page.textContent('#moves-note'),
                 /one of 3 optimal solutions; the others: U R U' R'; D B D' R'\./);
    await page.close();
  },
}, {
  title: 'a game is played to solved with the move keys and a hint',
  run: async ({ open }) => {
    const options = encodeURIComponent(JSON.stringify({ definition: '2x2x2' }));
    const page = await open(`p=twisty&o=${options}&i=${encodeURIComponent('R U F')}`);
    await page.waitForFunction(() => /Moves played: 0\. Distance to the goal: 3 moves/.test(document.getElementById('distance').textContent));
    await page.click('#board g.move-key:has(text:text-is("F\'"))');
    await page.waitForFunction(() => /Moves played: 1\. Distance to the goal: 2 moves/.test(document.getElementById('distance').textContent));
    assert.equal((await page.inputValue('#input')).trim(), "R U F F'");
    await page.click('#board g.move-key:has(text:text-is("U\'"))');
    await page.waitForFunction(() => /Moves played: 2\. Distance to the goal: 1 move\b/.test(document.getElementById('distance').textContent));
    await page.keyboard.press('h');
    await page.waitForSelector('#distance.won');
    assert.equal(await page.textContent('#distance'), 'Solved in 3 moves (optimal: 3)!');
    await page.close();
  },
}];
