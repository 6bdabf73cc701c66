// The puzzles the page draws, by the name the server gives them (GET /api/puzzles): each puzzle's
// folder has its module, puzzles/NAME/page.js, which the build serves as /puzzles/NAME.js and
// gathers in /puzzles/index.js (cmake/embed_assets.cmake); a puzzle without one is not offered.
//
// A renderer is a plain object:
//   title, rules        the puzzle's name in plain words, and its rules in one line
//   basic, labels       the options shown outside Advanced (a change deals a new game); each
//                       option's label (else its help)
//   presets             values offered for an option: { size: ['3x3', '4x4'] }
//   sample              the contest text of the start the page opens with
//   hint                how the start is edited on the board; legend: what the drawing's marks mean
//   note                said once above the move list: how a move is named (or absent)
//   words               { step: 'Move', list: 'The moves', length: 'length', solved(n): '3 moves',
//                       none: text when no solution exists, distance: { name: 'Distance to the
//                       goal', of(n): '3 moves', played(n): 'Moves played: 3', won(played,
//                       optimal): 'Solved in 5 moves (optimal: 5)!' }: the distance of a start and
//                       the game played from it }
//   unit                what one step of depth is when exploring ('move' when absent)
//   parse(text, options, read)  contest text -> model (throws InputProblem); text(model) back.
//                               `read` is the server's description of the first dataset of the
//                               input last read (POST /api/read: its start, its shape, e.g.
//                               sliding's rows and columns), or null; what the server knows of the
//                               input's shape comes from there, not from the renderer
//   state(model)                the model as a state of docs/json.md, or null when it cannot be
//                               drawn yet
//   draw(svg, state, context)   draws a state; context.move is the move that led to it (animated
//                               and marked), context.before the state it left, context.goal and
//                               context.columns what the input says beside the state,
//                               context.playing whether it is the start (no solution shown),
//                               context.lifted the model's `lifted` (a piece lifted to move,
//                               while no solution is shown) and context.read the server's
//                               description of the start
//   click(model, key)           a click at one of the drawing's data-key places: one of the
//                               puzzle's moves (sliding's tile beside the blank), counted as
//                               played, or nothing
//   edits(key)                  true where a click at `key` edits the start instead (cubic's goal
//                               colours): a new start, no move played; absent: every click plays
//   swap(model, a, b)           a drag from one place to another: edits the start
//   slide(model, from, to)      a drag that is a move instead (sliding's tile into the blank):
//                               makes it and says true; absent or false: a swap
//   play(model, move)           makes a move of an answer on the model (a hint's)
//   moveName(move)              a move of the answer, in words
//   reach(model, seconds)       what a search of the start may take, said as it starts where a
//                               search of `seconds` may not finish ('' or absent: nothing to say)
//   fromState(state, model)     contest text whose start is an explored state, or null when the
//                               puzzle's start cannot be such a state
import { PAGES } from './index.js';

export const RENDERERS = PAGES;

// The words a renderer may leave out.
export const DEFAULT_WORDS = {
  step: 'Move',
  list: 'The moves',
  length: 'length',
  solved: (n) =>
      (n === 0 ? 'the start is already the goal (0 moves)' :
                 `${n.toLocaleString('en')} move${n === 1 ? '' : 's'}`),
  none: 'No solution: this start cannot reach the goal.',
  distance: {
    name: 'Distance to the goal',
    of: (n) => `${n.toLocaleString('en')} move${n === 1 ? '' : 's'}`,
    played: (n) => `Moves played: ${n.toLocaleString('en')}`,
    // The goal reached in `played` moves; `optimal`, the start's distance, or null when not known.
    won: (played, optimal) =>
        `Solved in ${played.toLocaleString('en')} move${played === 1 ? '' : 's'}` +
        `${optimal === null ? '' : ` (optimal: ${optimal.toLocaleString('en')})`}!`,
  },
};
