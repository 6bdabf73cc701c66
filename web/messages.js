// The page's own words in its message and distance lines, each a function of the text it names
// (the server's reasons, a puzzle's words, counts): app.js says every message through here, and
// the browser test (tests/web/browser_test.mjs) checks that each was shown by some check. A
// puzzle's own words (a renderer's `words`: none, won) are its folder's to test. No function here
// has a default parameter: the test calls each with as many texts as it declares.
export const MESSAGES = {
  // The message line.
  cannotDraw: (why) => `Cannot draw this input: ${why}`,
  impossible: (why) => `Impossible: ${why}`,
  unreachable: (why) => `The server could not be reached: ${why}`,
  // `stopped` is the server's words, a sentence without its full stop, as a Unix tool says it.
  raiseTimeLimit: (stopped) =>
      `${stopped}. A longer time limit (under Advanced) may let it finish.`,
  outOfReach: (stopped) => `${stopped}. This start is out of reach here.`,
  dealing: () => 'Dealing a new game…',
  lookingForHint: () => 'Looking for the best move…',
  solving: () => 'Solving…',
  solvingLong: (warning) => `Solving… (${warning})`,
  exploring: () => 'Exploring…',
  waitingForTables: (building) => `Waiting: ${building}; the page asks again when they are ready.`,
  running: (busy, seconds) => `${busy} ${seconds} s`,
  searching: (busy, positions, depth, seconds) =>
      `${busy} ${positions} positions searched (depth ${depth}), ${seconds} s`,
  stopped: () => 'Stopped.',
  solutionShown: () => 'The board shows the solution: press Esc to close it and change the start.',
  alreadyGoal: () => 'The board is already the goal.',
  hintPlayed: (move) => `Hint played: ${move}.`,
  noDataset: () => 'The input holds no dataset.',
  solved: (length) => `Solved: ${length}.`,
  solvedFirstOf: (length, datasets) => `Solved: ${length} (dataset 1 of ${datasets} shown).`,
  noneWithinBound: () => 'No solution within the move limit.',
  // The distance line: `played` is "Moves played: 3. "; `name` the puzzle's name of the distance
  // ("Distance to the goal").
  distancePending: (played, name) => `${played}${name}: …`,
  distance: (played, name, distance) => `${played}${name}: ${distance}.`,
  distanceWaiting: (played, name, building) => `${played}${name}: waiting, ${building}.`,
  distanceSlow: (played, name, seconds) =>
      `${played}${name}: more than ${seconds} s to work out; Solve searches longer.`,
  distanceUnknown: (played, name, why) => `${played}${name}: not known (${why}).`,
  distanceImpossible: (played) => `${played}No sequence of moves reaches the goal.`,
  distanceNoneWithinBound: (played) => `${played}No solution within the move limit.`,
};
