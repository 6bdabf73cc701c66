// The twisty puzzle's part of the page's browser test (tests/web/browser_test.mjs): its `all` flag
// is a check box, kept in the link, and a solution found with it names the other optimal ones.
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
}];
