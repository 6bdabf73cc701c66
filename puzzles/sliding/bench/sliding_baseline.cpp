// The baseline for bench/sliding.sh: a straightforward 8-puzzle solver of the kind a contest
// entry uses, one bidirectional breadth-first search per instance over std::queue and
// std::unordered_map (states as 9-character strings). Same input and output as `plumb solve
// sliding` on 3x3 boards: a shortest move string (moves of the blank: u d l r), `unsolvable` (by
// the inversion parity, as contest entries do), or an empty line when already solved. Blank lines
// are skipped.
#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>

namespace {

const std::string kGoal = "12345678x";
const char kMoves[4] = {'u', 'd', 'l', 'r'};
const int kRowStep[4] = {-1, 1, 0, 0};
const int kColStep[4] = {0, 0, -1, 1};

char opposite(char move) {
  switch (move) {
    case 'u':
      return 'd';
    case 'd':
      return 'u';
    case 'l':
      return 'r';
    default:
      return 'l';
  }
}

bool solvable(const std::string& board) {
  int inversions = 0;
  for (int i = 0; i < 9; ++i) {
    for (int j = i + 1; j < 9; ++j) {
      if (board[i] != 'x' && board[j] != 'x' && board[i] > board[j]) ++inversions;
    }
  }
  return inversions % 2 == 0;
}

// For each state seen from one side: the state it was reached from and the move taken.
using Parents = std::unordered_map<std::string, std::pair<std::string, char>>;

// Expands one whole layer of `frontier`; returns a state also seen by `other`, or "".
std::string expand(std::queue<std::string>& frontier, Parents& seen, const Parents& other) {
  for (std::size_t count = frontier.size(); count > 0; --count) {
    const std::string state = frontier.front();
    frontier.pop();
    const int blank = static_cast<int>(state.find('x'));
    for (int m = 0; m < 4; ++m) {
      const int row = blank / 3 + kRowStep[m], col = blank % 3 + kColStep[m];
      if (row < 0 || row > 2 || col < 0 || col > 2) continue;
      std::string next = state;
      std::swap(next[blank], next[row * 3 + col]);
      if (seen.count(next) != 0) continue;
      seen[next] = {state, kMoves[m]};
      if (other.count(next) != 0) return next;
      frontier.push(next);
    }
  }
  return "";
}

std::string solve(const std::string& start) {
  if (start == kGoal) return "";
  Parents forward{{start, {"", 0}}}, backward{{kGoal, {"", 0}}};
  std::queue<std::string> forward_frontier, backward_frontier;
  forward_frontier.push(start);
  backward_frontier.push(kGoal);
  std::string meet;
  while (meet.empty()) {
    meet = forward_frontier.size() <= backward_frontier.size()
               ? expand(forward_frontier, forward, backward)
               : expand(backward_frontier, backward, forward);
  }
  std::string path;
  for (std::string s = meet; s != start; s = forward[s].first)
    path.insert(path.begin(), forward[s].second);
  for (std::string s = meet; s != kGoal; s = backward[s].first)
    path.push_back(opposite(backward[s].second));
  return path;
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream tokens(line);
    std::string board, token;
    while (tokens >> token) board += token == "0" ? "x" : token;
    if (board.empty()) continue;
    std::cout << (solvable(board) ? solve(board) : "unsolvable") << '\n';
  }
}
