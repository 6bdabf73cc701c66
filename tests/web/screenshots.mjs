// Makes the page's screenshots for the documentation, with the same Playwright and chromium as the
// browser tests: docs/serve.png (the README's: an 8-puzzle half solved), docs/serve-cubic.png (the
// cubic dice mid-solution, with their legend), docs/serve-block.png (block's board dug, the reach
// left to the block shaded) and docs/serve-phone.png (a game of the 8-puzzle dealt from seed 11 in
// progress on a phone: three hints played, the distance to the goal under the buttons) and
// docs/serve-twisty.png (a 3x3x3 solution half stepped through, drawn generically and, by
// cubing.js's twisty-player, in 3D).
// Usage: node tests/web/screenshots.mjs PLUMB_BINARY DOCS_DIR   (e.g. build-dev/plumb docs)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [binary, docs] = process.argv.slice(2);
const server = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = await once(server.stdout, 'data');
const base = /http:\/\/\S+\//.exec(String(line))[0];
const browser = await chromium.launch({
  executablePath: process.env.PLUMB_CHROMIUM || '/usr/bin/chromium',
  args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
});

const shots = [
  ['serve.png', 'p=sliding&i=8 6 7 2 5 4 3 x 1&s=1&m=14', { width: 1280, height: 720 }],
  ['serve-cubic.png', 'p=cubic&s=1&m=6', { width: 1100, height: 560 }],
  ['serve-block.png', `p=block&i=${encodeURIComponent('1\n7\nb..$...\n...H...\n.......\nb..b..b\n...H...\n.......\nb..b..b\n')}&s=1&m=4`,
   { width: 1100, height: 760 }],
  ['serve-phone.png', 'p=sliding&g=11',
   { width: 390, height: 844 }, async (page) => {
     for (let played = 1; played <= 3; ++played) {
       await page.keyboard.press('h');
       await page.waitForFunction((n) => new RegExp(`Moves played: ${n}\\. Distance to the goal: \\d`)
         .test(document.getElementById('distance').textContent), played);
     }
   }],
  ['serve-twisty.png',
   `p=twisty&o=${encodeURIComponent('{"definition":"3x3x3"}')}&i=${encodeURIComponent("R U R' F2 D2 L")}`,
   { width: 1100, height: 880 }, async (page) => {
     await page.click('#solve');
     await page.waitForSelector('#stat-length');
     for (let step = 0; step < 3; ++step) await page.keyboard.press('ArrowRight');
     await page.waitForSelector('#figure:not([hidden]) twisty-player');
     await page.waitForTimeout(3000);  // the player's three.js scene drawn and its last move turned
   }],
];
for (const [file, fragment, viewport, play] of shots) {
  const page = await browser.newPage({ viewport, colorScheme: 'light' });
  await page.goto(`${base}#${fragment}`);
  await page.waitForSelector('body[data-ready="true"]');
  await play?.(page);
  await page.waitForFunction(() => document.getAnimations().length === 0);  // the last move's slide or roll
  await page.screenshot({ path: join(docs, file) });
  console.log(`wrote ${join(docs, file)}`);
  await page.close();
}
await browser.close();
server.kill('SIGTERM');
await once(server, 'exit');
