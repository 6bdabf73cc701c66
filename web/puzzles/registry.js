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
//                       goal', of(n): '3 moves' }, what the server's distance of a start is }
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
//                               context.columns what the input says beside the state
//   click(model, key), swap(model, a, b)   edit the start at the drawing's data-key places
//   playsMoves                  true where a click on the board is one of the puzzle's moves
//                               (sliding's tile beside the blank), so the page counts the moves
//                               played and a hint's move is made on the board
//   moveName(move)              a move of the answer, in words
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
    of: (n) => `${n.toLocaleString('en')} move${n === 1 ? '' : 's'}`
  },
};
