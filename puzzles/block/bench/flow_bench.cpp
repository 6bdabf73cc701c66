// Max flow on the BlockTheBlockPuzzle networks of random boards from 50 x 50 to 2000 x 2000:
// plumb's Dinic and Boykov-Kolmogorov against LEMON's Preflow (push-relabel; run() for the flow,
// runMinCut() for the cut only) and Boost.Graph's boykov_kolmogorov_max_flow and
// push_relabel_max_flow, all on the same network (puzzles::block_network of
// puzzles::random_block_board, 30% holes, 0.2% starts). Only the flow computation is timed: each
// library's graph is built outside the timed region (plumb's compressed-row layout is built inside
// flow(), so it is timed). Every run checks the flow value against plumb's Dinic. LEMON and Boost
// are optional (PLUMB_HAVE_LEMON, PLUMB_HAVE_BOOST_GRAPH).
#include <benchmark/benchmark.h>
#include <chrono>

#include <map>
#include <memory>
#include <string>

#include "plumb/flow/boykov_kolmogorov.hpp"
#include "plumb/flow/dinic.hpp"
#include "plumb/puzzles/block.hpp"

#ifdef PLUMB_HAVE_LEMON
#include <lemon/preflow.h>
#include <lemon/smart_graph.h>
#endif
#ifdef PLUMB_HAVE_BOOST_GRAPH
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>
#endif

namespace {

using plumb::flow::Capacity;
using plumb::puzzles::BlockNetwork;

struct Instance {
  BlockNetwork network;
  Capacity expected = 0;
};

// The network of the side x side board (seed 1), and its max flow by plumb's Dinic; built once.
const Instance& instance(int side) {
  static std::map<int, std::unique_ptr<Instance>> cache;
  auto& slot = cache[side];
  if (!slot) {
    slot = std::make_unique<Instance>();
    slot->network =
        plumb::puzzles::block_network(plumb::puzzles::random_block_board(side, side, 300, 2, 1));
    plumb::flow::DinicMaxFlow graph(slot->network.nodes);
    for (const auto& e : slot->network.edges) graph.add_edge(e.from, e.to, e.cap);
    slot->expected = graph.flow(slot->network.source, slot->network.sink);
  }
  return *slot;
}

void report(benchmark::State& state, const Instance& in, Capacity value) {
  if (value != in.expected) state.SkipWithError("flow value differs from plumb's Dinic");
  state.counters["nodes"] = in.network.nodes;
  state.counters["edges"] = static_cast<double>(in.network.edges.size());
  state.counters["flow"] = static_cast<double>(value);
}

// Times flow() alone with the clock (manual time): the graph is built between timings, as the other
// libraries' graphs are built before their loops, and without PauseTiming's own cost, which is
// comparable to a whole flow on the smallest boards.
template <class Solver>
void plumb_flow(benchmark::State& state) {
  const Instance& in = instance(static_cast<int>(state.range(0)));
  Capacity value = 0;
  for (auto _ : state) {
    auto graph = std::make_unique<plumb::flow::MaxFlow<Solver>>(in.network.nodes);
    for (const auto& e : in.network.edges) graph->add_edge(e.from, e.to, e.cap);
    const auto start = std::chrono::steady_clock::now();
    value = graph->flow(in.network.source, in.network.sink);
    benchmark::DoNotOptimize(value);
    state.SetIterationTime(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  report(state, in, value);
}

#ifdef PLUMB_HAVE_LEMON
template <bool kCutOnly>
void lemon_preflow(benchmark::State& state) {
  const Instance& in = instance(static_cast<int>(state.range(0)));
  lemon::SmartDigraph g;
  g.reserveNode(in.network.nodes);
  g.reserveArc(static_cast<int>(in.network.edges.size()));
  for (int v = 0; v < in.network.nodes; ++v) g.addNode();
  lemon::SmartDigraph::ArcMap<Capacity> cap(g);
  for (const auto& e : in.network.edges)
    cap[g.addArc(g.nodeFromId(e.from), g.nodeFromId(e.to))] = e.cap;
  Capacity value = 0;
  for (auto _ : state) {
    lemon::Preflow<lemon::SmartDigraph, lemon::SmartDigraph::ArcMap<Capacity>> preflow(
        g, cap, g.nodeFromId(in.network.source), g.nodeFromId(in.network.sink));
    if (kCutOnly) {
      preflow.runMinCut();
    } else {
      preflow.run();
    }
    value = preflow.flowValue();
    benchmark::DoNotOptimize(value);
  }
  report(state, in, value);
}
#endif

#ifdef PLUMB_HAVE_BOOST_GRAPH
using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using BoostGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<
        boost::vertex_color_t, boost::default_color_type,
        boost::property<boost::vertex_distance_t, long,
                        boost::property<boost::vertex_predecessor_t, Traits::edge_descriptor>>>,
    boost::property<
        boost::edge_capacity_t, long,
        boost::property<boost::edge_residual_capacity_t, long,
                        boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

std::unique_ptr<BoostGraph> boost_graph(const BlockNetwork& network) {
  auto g = std::make_unique<BoostGraph>(network.nodes);
  auto cap = boost::get(boost::edge_capacity, *g);
  auto reverse = boost::get(boost::edge_reverse, *g);
  for (const auto& e : network.edges) {
    const auto forward = boost::add_edge(e.from, e.to, *g).first;
    const auto backward = boost::add_edge(e.to, e.from, *g).first;
    cap[forward] = e.cap;
    cap[backward] = 0;
    reverse[forward] = backward;
    reverse[backward] = forward;
  }
  return g;
}

template <bool kPushRelabel>
void boost_flow(benchmark::State& state) {
  const Instance& in = instance(static_cast<int>(state.range(0)));
  const auto g = boost_graph(in.network);
  Capacity value = 0;
  for (auto _ : state) {
    if (kPushRelabel) {
      value = boost::push_relabel_max_flow(*g, in.network.source, in.network.sink);
    } else {
      value = boost::boykov_kolmogorov_max_flow(*g, in.network.source, in.network.sink);
    }
    benchmark::DoNotOptimize(value);
  }
  report(state, in, value);
}
#endif

void sizes(benchmark::internal::Benchmark* b) {
  for (int side : {50, 100, 200, 500, 1000, 2000}) b->Arg(side);
  b->Unit(benchmark::kMillisecond);
}

BENCHMARK(plumb_flow<plumb::flow::DinicSolver>)->Name("plumb_dinic")->Apply(sizes)->UseManualTime();
BENCHMARK(plumb_flow<plumb::flow::BoykovKolmogorovSolver>)
    ->Name("plumb_bk")
    ->Apply(sizes)
    ->UseManualTime();
#ifdef PLUMB_HAVE_LEMON
BENCHMARK(lemon_preflow<false>)->Name("lemon_preflow_run")->Apply(sizes);
BENCHMARK(lemon_preflow<true>)->Name("lemon_preflow_min_cut")->Apply(sizes);
#endif
#ifdef PLUMB_HAVE_BOOST_GRAPH
BENCHMARK(boost_flow<false>)->Name("boost_boykov_kolmogorov")->Apply(sizes);
BENCHMARK(boost_flow<true>)->Name("boost_push_relabel")->Apply(sizes);
#endif

}  // namespace

BENCHMARK_MAIN();
