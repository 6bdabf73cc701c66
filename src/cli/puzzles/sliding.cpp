// TEMPORARY stub
#include "cli/registry.hpp"
namespace plumb::cli {
namespace {
class Stub : public Puzzle {
  std::string_view name() const override { return "sliding"; }
  std::string_view summary() const override { return "stub"; }
  std::string_view description() const override { return "stub\n"; }
  std::vector<std::string> algorithms() const override { return {"table", "ida"}; }
  void add_options(CLI::App&) override {}
  void solve(io::TextInput& in, const RunOptions&, std::ostream& out) override { std::string l; while (in.next_line(l)) out << l << "\n"; in.fail("bad"); }
  void explore(io::TextInput*, const RunOptions&, std::ostream&) override {}
};
}
std::unique_ptr<Puzzle> make_sliding_puzzle() { return std::make_unique<Stub>(); }
}
