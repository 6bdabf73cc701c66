// The parts of cubing.js (https://js.cubing.net/cubing/, MPL-2.0 or GPL-3.0-or-later) that plumb
// serve's page loads for its 3D view of twisty puzzles (puzzles/twisty/page.js): the twisty-player
// element, the puzzles it knows, and algorithms (move sequences) to invert. esbuild bundles this
// file, with three.js and the chunks cubing.js loads on demand, into the build tree's cubing/
// (CMakeLists.txt), which `plumb serve` serves under /cubing/.
export {Alg} from 'cubing/alg';
export {puzzles} from 'cubing/puzzles';
export {TwistyPlayer} from 'cubing/twisty';
