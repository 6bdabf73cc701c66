// The twisty puzzle's part of the page's browser test (tests/web/browser_test.mjs): its `all` flag
// is a check box, kept in the link, and a solution found with it names the other optimal ones; a
// game is played to solved with the move keys and a hint; the 3D view (cubing.js's twisty-player,
// where the build bundled the puzzle's page library: twisty among PLUMB_PAGE_LIBRARIES) shows the position the moves make, by
// cubing.js's own model of the puzzle, and the solution's end solved, and stays hidden for a
// puzzle cubing.js does not know.
import assert from 'node:assert/strict';

// The player's pattern compared, in cubing.js's model of `id`, with the pattern `alg` makes from
// solved ('solved': whether it is solved, centres' and the whole puzzle's turns aside).
function playerShows(page, id, alg) {
  return page.waitForFunction(async ([id, alg]) => {
    const player = document.querySelector('#figure:not([hidden]) twisty-player');
    if (!player) return false;
    const shown = await player.experimentalModel.currentPattern.get();
    if (alg === 'solved')
      return shown.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true });
    const { puzzles } = await import('/lib/twisty/index.js');
    const kpuzzle = await puzzles[id].kpuzzle();
    return shown.isIdentical(kpuzzle.defaultPattern().applyAlg(alg));
  }, [id, alg], { polling: 100 });
}

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
}, {
  title: 'the 3D view shows the moves\' position and the solution\'s end solved, where cubing.js knows the puzzle',
  run: async ({ open, solveAndEnd }) => {
    const options = encodeURIComponent(JSON.stringify({ definition: '3x3x3' }));
    const page = await open(`p=twisty&o=${options}&i=${encodeURIComponent("R U R' F2")}`);
    if (!(process.env.PLUMB_PAGE_LIBRARIES || '').split(',').includes('twisty')) {
      await page.waitForFunction(() => document.getElementById('distance').textContent.includes('Distance'));
      assert.equal(await page.isHidden('#figure'), true);  // no bundle: the generic view alone
      await page.close();
      return;
    }
    await playerShows(page, '3x3x3', "R U R' F2");
    // The player fills the figure's width at a fixed height (page.js sizes it, not the page's CSS).
    const player = await page.locator('#figure twisty-player').boundingBox();
    const figure = await page.locator('#figure').boundingBox();
    assert.ok(player.height > 100 && Math.abs(player.width - figure.width) < 2,
              `the player is ${player.width} x ${player.height} in a figure ${figure.width} wide`);
    await page.click('#board g.move-key:has(text:text-is("D2"))');
    await playerShows(page, '3x3x3', "R U R' F2 D2");
    await solveAndEnd(page);
    await playerShows(page, '3x3x3', 'solved');
    await page.keyboard.press('Home');
    await playerShows(page, '3x3x3', "R U R' F2 D2");
    // The same position written out (the sets drawn) is drawn once solved, from its solution.
    const sets = JSON.parse(await page.getAttribute('#board', 'data-state'));
    await page.fill('#input', ['Scramble written', ...sets.flatMap((part) => [part.set, part.pieces.join(' '), part.turns.join(' ')]), 'End', ''].join('\n'));
    await page.waitForFunction(() => document.getElementById('figure').hidden);
    await solveAndEnd(page);
    await playerShows(page, '3x3x3', 'solved');
    // The dino: no puzzle of cubing.js's.
    await page.selectOption('#option-definition', 'dino');
    await page.fill('#input', 'UBL UFR');
    await page.waitForFunction(() => /Distance to the goal: 2 moves/.test(document.getElementById('distance').textContent));
    assert.equal(await page.isHidden('#figure'), true);
    await page.close();
  },
}];
