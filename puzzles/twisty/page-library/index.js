// twisty's page library: the parts of cubing.js (https://js.cubing.net/cubing/, MPL-2.0 or
// GPL-3.0-or-later) that its page module (../page.js) loads for the 3D view: the twisty-player
// element, the puzzles it knows, and algorithms (move sequences) to invert. esbuild bundles this
// file, with three.js and the chunks cubing.js loads on demand, into the build tree's
// page-libraries/twisty/ (cmake/puzzles.cmake), which `plumb serve` serves under /lib/twisty/.
export {Alg} from 'cubing/alg';
export {puzzles} from 'cubing/puzzles';
export {TwistyPlayer} from 'cubing/twisty';
