// The program's conventions, the same for every puzzle (docs/reliability.md, "One rule each"):
// empty input and input after the last dataset are errors naming the line; usage errors name the
// command, the option or the puzzle and begin "plumb"; 0 means no limit for both limit options; a
// dataset is called the same in statistics and in pretty output; counts of one are singular.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

#include "plumb/puzzle_interface/builtin.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

const std::vector<std::string> kPuzzles = puzzle_names();

TEST(Conventions, EmptyInputIsAnErrorForEveryPuzzle) {
  for (const std::string& puzzle : kPuzzles) {
    for (const std::string input : {"", "\n  \n\t\n"}) {
      const ProgramRun run = run_plumb({"solve", puzzle}, input);
      EXPECT_EQ(run.status, 2) << puzzle;
      EXPECT_NE(run.err.find("plumb: <stdin>: the input is empty"), std::string::npos)
          << puzzle << ": " << run.err;
      EXPECT_EQ(run.out, "") << puzzle;
    }
  }
}

TEST(Conventions, ExploringAnEmptyFileIsAnError) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("plumb-empty-" + std::to_string(::getpid()) + ".in");
  { std::ofstream(path) << "\n"; }
  for (const std::string& puzzle : kPuzzles) {
    const ProgramRun run = run_plumb({"explore", puzzle, path.string()});
    EXPECT_EQ(run.status, 2) << puzzle;
    EXPECT_NE(run.err.find("the input is empty"), std::string::npos) << puzzle << ": " << run.err;
  }
  std::filesystem::remove(path);
}

// Every sample with a line of text after it: the answers are written, then the error names the
// line after the sample's last.
TEST(Conventions, InputAfterTheLastDatasetIsAnErrorNamingItsLine) {
  for (const std::string& puzzle : kPuzzles) {
    const std::string sample = read_file(sample_path(puzzle, "sample.in"));
    const auto lines = std::count(sample.begin(), sample.end(), '\n');
    const ProgramRun run = run_plumb({"solve", puzzle}, sample + "\njunk\n");
    EXPECT_EQ(run.status, 2) << puzzle << ": " << run.err;
    EXPECT_NE(run.err.find("plumb: <stdin>:" + std::to_string(lines + 2) + ":"), std::string::npos)
        << puzzle << ": " << run.err;
    if (puzzle != "sliding") {  // a sliding board is a line: the junk is read as one
      EXPECT_EQ(trim_trailing_space(run.out),
                trim_trailing_space(read_file(sample_path(puzzle, "sample.out"))))
          << puzzle;
    }
  }
}

TEST(Conventions, HelpPrintsTheProgramsCommands) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"help"}, {"--help"}}) {
    const ProgramRun run = run_plumb(args);
    EXPECT_EQ(run.status, 0);
    for (const char* command : {"solve", "explore", "list", "help", "tables", "pdb"})
      EXPECT_NE(run.out.find(command), std::string::npos) << command << " in\n" << run.out;
    EXPECT_NE(run.out.find("Usage: plumb [OPTIONS] SUBCOMMAND"), std::string::npos) << run.out;
  }
}

// Every command's --help: the program's lists the examples and, after a blank line, the exit
// statuses; every other ends in one line that points there, and the puzzle commands call the
// puzzles PUZZLE, not SUBCOMMAND.
TEST(Conventions, OnlyTheProgramsHelpListsTheExitStatuses) {
  const ProgramRun program = run_plumb({"--help"});
  EXPECT_NE(program.out.find("Examples:\n"), std::string::npos) << program.out;
  EXPECT_NE(program.out.find("\n\nExit status:\n  0  done\n"), std::string::npos) << program.out;
  EXPECT_EQ(run_plumb({"help"}).out, program.out);
  std::vector<std::vector<std::string>> commands{
      {"solve"}, {"explore"},      {"list"},         {"help"},  {"tables"}, {"tables", "build"},
      {"pdb"},   {"pdb", "build"}, {"pdb", "solve"}, {"cache"}, {"serve"},  {"completion"}};
  for (const std::string& puzzle : kPuzzles) {
    commands.push_back({"solve", puzzle});
    commands.push_back({"explore", puzzle});
  }
  for (std::vector<std::string> args : commands) {
    args.push_back("--help");
    const ProgramRun run = run_plumb(args);
    const std::string command = args.front() + (args.size() > 2 ? " " + args[1] : "");
    EXPECT_EQ(run.status, 0) << command;
    EXPECT_EQ(run.out.find("Exit status:\n"), std::string::npos) << command << ":\n" << run.out;
    EXPECT_TRUE(run.out.ends_with("\nExit status: as plumb --help lists.\n")) << command << ":\n"
                                                                              << run.out;
    if (args[0] == "solve" || args[0] == "explore") {
      EXPECT_EQ(run.out.find("SUBCOMMAND"), std::string::npos) << command << ":\n" << run.out;
    }
  }
  for (const char* command : {"solve", "explore"}) {
    const ProgramRun run = run_plumb({command, "--help"});
    EXPECT_NE(run.out.find(std::string("Usage: plumb ") + command + " [OPTIONS] PUZZLE\n"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("Puzzles:\n  sliding "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\nExamples:\n  "), std::string::npos) << run.out;
  }
}

// `plumb help PUZZLE` opens with one title line, the puzzle's name first, then a blank line.
TEST(Conventions, APuzzlesHelpHasOneTitleLine) {
  for (const std::string& puzzle : kPuzzles) {
    const ProgramRun run = run_plumb({"help", puzzle});
    EXPECT_EQ(run.status, 0) << puzzle;
    EXPECT_EQ(run.out.rfind(puzzle + ": ", 0), 0u) << run.out;
    const std::size_t title_end = run.out.find('\n');
    EXPECT_EQ(run.out.substr(title_end, 2), "\n\n") << puzzle << ":\n" << run.out;
  }
}

// explore runs one exploration whatever the algorithm: it declares no --algo, and no option that
// only solve reads (a puzzle's OptionSpec says which command reads it); solve none that only
// explore reads. Given, they are refused, and the help does not list them.
TEST(Conventions, ACommandRefusesTheOptionsItDoesNotRead) {
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    const puzzle_interface::PuzzleInfo& info = puzzle->info();
    std::vector<std::vector<std::string>> refused{
        {"explore", info.name, "--algo=" + info.algorithms.front()}};
    for (const puzzle_interface::OptionSpec& option : info.options) {
      using Use = puzzle_interface::OptionSpec::Use;
      if (option.use == Use::solve_and_explore) continue;
      const std::string value = !option.default_value.empty() ? option.default_value
                                : !option.choices.empty()     ? option.choices.front()
                                                              : "1";
      refused.push_back(
          {option.use == Use::solve ? "explore" : "solve", info.name, "--" + option.name, value});
    }
    for (const std::vector<std::string>& args : refused) {
      const ProgramRun run = run_plumb(args);
      EXPECT_EQ(run.status, 2) << args[1] << " " << args[2];
      const std::string option = args[2].substr(0, args[2].find('='));
      EXPECT_EQ(
          run.err.rfind(fmt::format("plumb {} {}: no option '{}'", args[0], args[1], option), 0),
          0u)
          << run.err;
      EXPECT_EQ(run.out, "");
      const ProgramRun help = run_plumb({args[0], args[1], "--help"});
      EXPECT_EQ(help.out.find(option + " "), std::string::npos) << help.out;
    }
  }
}

TEST(Conventions, UsageErrorsNameWhatIsWrong) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{}, "plumb: name a command: solve, explore, list, help, tables, pdb"},
      {{"bogus"}, "plumb: no command named 'bogus'"},
      {{"--bogus"}, "plumb: no option '--bogus'"},
      {{"solve"}, "plumb solve: name a puzzle: " + fmt::format("{}", fmt::join(kPuzzles, ", "))},
      {{"explore"}, "plumb explore: name a puzzle"},
      {{"solve", "nosuch"}, "plumb: no puzzle named 'nosuch'"},
      {{"tables"}, "plumb tables: name a command: build, info, list"},
      {{"pdb"}, "plumb pdb: name a command: build, info, list, solve"},
      {{"pdb", "frob"}, "plumb pdb: no command named 'frob'"},
      {{"solve", "gap", "--bogus"}, "plumb solve gap: no option '--bogus'"},
      {{"solve", "sliding", "--format", "xml"},
       "plumb: --format: expected one of contest, pretty, json, found 'xml'"},
  };
  for (const auto& [args, message] : cases) {
    const ProgramRun run = run_plumb(args);
    EXPECT_EQ(run.status, 2) << message;
    EXPECT_EQ(run.err.rfind(message, 0), 0u) << "expected '" << message << "', got: " << run.err;
  }
}

// Every message about the command line is the program's, begins "plumb", names the word that is
// wrong, and ends with no words of the argument parser's own (CLI11: "The following argument was
// not expected", "Could not convert", "1 required TEXT missing").
TEST(Conventions, EveryCommandLineMessageIsTheProgramsAndNamesTheWord) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"solve", "sliding", "--threads", "-1"},
       "plumb: --threads: expected a whole number of 0 or more, found '-1'"},
      {{"solve", "sliding", "-j", "x"}, "plumb: --threads: expected a whole number"},
      {{"solve", "sliding", "--size"}, "plumb solve sliding: --size needs a value, SIZE"},
      {{"solve", "sliding", "a", "b"}, "plumb solve sliding: unexpected argument 'b'"},
      {{"serve", "--port", "99999"},
       "plumb: --port: expected a whole number from 0 to 65535, found '99999'"},
      {{"pdb", "build"}, "plumb pdb build: name the SET"},
      {{"pdb", "build", "15-9"}, "plumb: SET: expected one of"},
      {{"pdb", "solve", "15-555", "f", "--astar-states", "-3"}, "plumb: --astar-states: expected"},
      {{"cache", "clear", "--all"}, "plumb cache clear: no option '--all'"},
      {{"completion", "tcsh"}, "plumb: SHELL: expected one of bash, zsh, fish, found 'tcsh'"},
      {{"help", "--man", "sliding"}, "plumb: --man: not with PUZZLE"},
      {{"help", "nosuch"},
       "plumb: PUZZLE: expected one of " + fmt::format("{}", fmt::join(kPuzzles, ", "))},
      {{"list", "--bogus"}, "plumb list: no option '--bogus'"},
      {{"solve", "--bogus", "gap"}, "plumb solve: no option '--bogus'"},
      {{"explore", "pegs", "--rows", "1x"}, "plumb: --rows: "},
  };
  for (const auto& [args, message] : cases) {
    const ProgramRun run = run_plumb(args, "1\n");
    EXPECT_EQ(run.status, 2) << message << ": " << run.err;
    EXPECT_EQ(run.err.rfind(message, 0), 0u) << "expected '" << message << "', got: " << run.err;
    for (const char* parser_words :
         {"not expected", "Could not convert", "required", "TEXT", "UINT", "excludes", "not in"})
      EXPECT_EQ(run.err.find(parser_words), std::string::npos) << run.err;
  }
}

TEST(Conventions, ASlipGetsTheNearestWord) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"solve", "slidng"}, "plumb: no puzzle named 'slidng'; did you mean sliding?"},
      {{"sovle", "sliding"}, "plumb: no command named 'sovle'; did you mean solve?"},
      {{"solve", "sliding", "--sizes", "3x3"},
       "plumb solve sliding: no option '--sizes'; did you mean --size?"},
      {{"solve", "--formt", "json", "gap"},
       "plumb solve: no option '--formt'; did you mean --format?"},
      {{"solve", "sliding", "--algo", "idaa"}, "did you mean ida?"},
  };
  for (const auto& [args, message] : cases) {
    const ProgramRun run = run_plumb(args);
    EXPECT_EQ(run.status, 2) << message;
    EXPECT_NE(run.err.find(message), std::string::npos)
        << "expected '" << message << "', got: " << run.err;
  }
  // nothing near: no guess
  EXPECT_EQ(run_plumb({"solve", "zzzzzz"}).err.find("did you mean"), std::string::npos);
}

TEST(Conventions, OptionsGoBeforeOrAfterThePuzzleAndHaveShortForms) {
  const std::string board = "1 2 3 4 5 6 7 x 8\n";
  const ProgramRun after =
      run_plumb({"solve", "sliding", "--format", "json", "--threads", "1"}, board);
  ASSERT_EQ(after.status, 0) << after.err;
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"solve", "--format", "json", "sliding", "-j", "1"},
                                             {"solve", "-f", "json", "-j1", "sliding"},
                                             {"solve", "--format=json", "sliding", "--threads=1"},
                                             {"solve", "sliding", "-fjson", "-j", "1"}}) {
    const ProgramRun run = run_plumb(args, board);
    EXPECT_EQ(run.status, 0) << args[1] << ": " << run.err;
    EXPECT_EQ(run.out.substr(0, run.out.find("\"stats\"")),
              after.out.substr(0, after.out.find("\"stats\"")))
        << args[1];
  }
  EXPECT_EQ(run_plumb({"-V"}).out, run_plumb({"--version"}).out);
}

// -t, -v, -q and -o are --time-limit, --stats, --quiet and --output: the quiet run keeps a table's
// build notice to itself, the answers written to a file are standard output's, and an output file
// that cannot be written (exit 4) or is the input (exit 2) is refused before any search.
TEST(Conventions, TheShortFlagsDoWhatTheLongOnesDo) {
  const std::string board = "1 2 3 4 5 6 7 x 8\n";
  const std::filesystem::path folder = fresh_folder("short-flags");
  std::filesystem::create_directories(folder);
  const auto in_a_fresh_cache = [&](std::vector<std::string> args) {
    std::filesystem::remove_all(folder / "cache");
    args.insert(args.begin(), {"env", "PLUMB_CACHE=" + (folder / "cache").string(), PLUMB_BINARY});
    return run_command(args, board);
  };
  const ProgramRun plain = in_a_fresh_cache({"solve", "sliding", "--algo", "table"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.err.find("plumb: building the distance table"), std::string::npos) << plain.err;
  const ProgramRun quiet = in_a_fresh_cache({"solve", "sliding", "--algo", "table", "-q"});
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.out, plain.out);
  EXPECT_EQ(quiet.err, "");
  const ProgramRun loud = run_plumb({"solve", "sliding", "-q", "--progress"}, board);
  EXPECT_EQ(loud.status, 2);
  EXPECT_NE(loud.err.find("--progress"), std::string::npos) << loud.err;

  const ProgramRun verbose = run_plumb({"solve", "sliding", "-v", "-t", "60"}, board);
  const ProgramRun stats = run_plumb({"solve", "sliding", "--stats", "--time-limit", "60"}, board);
  EXPECT_EQ(verbose.status, 0) << verbose.err;
  EXPECT_EQ(verbose.out, stats.out);
  EXPECT_EQ(verbose.err.substr(0, verbose.err.find(':')), stats.err.substr(0, stats.err.find(':')));
  EXPECT_NE(stats.err, "");
  const ProgramRun no_time = run_plumb({"solve", "sliding", "-t", "soon"}, board);
  EXPECT_EQ(no_time.status, 2);
  EXPECT_NE(no_time.err.find("--time-limit"), std::string::npos) << no_time.err;

  const std::filesystem::path answers = folder / "answers.txt";
  const ProgramRun to_file = run_plumb({"solve", "sliding", "-o", answers.string()}, board);
  EXPECT_EQ(to_file.status, 0) << to_file.err;
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(read_file(answers), plain.out);
  const ProgramRun nowhere =
      run_plumb({"solve", "sliding", "--output", (folder / "no" / "such").string()}, board);
  EXPECT_EQ(nowhere.status, 4);
  EXPECT_NE(nowhere.err.find("cannot write the output file"), std::string::npos) << nowhere.err;
  const std::filesystem::path input = folder / "board.txt";
  std::ofstream(input) << board;
  const ProgramRun over_input =
      run_plumb({"solve", "sliding", input.string(), "-o", input.string()});
  EXPECT_EQ(over_input.status, 2);
  EXPECT_NE(over_input.err.find("is the input file"), std::string::npos) << over_input.err;
  EXPECT_EQ(read_file(input), board);
  std::filesystem::remove_all(folder);
}

// The help names each value (--format FORMAT, --port PORT, --max-memory SIZE), with no type of the
// argument parser's (TEXT, UINT, FLOAT, INT in [...]).
TEST(Conventions, HelpNamesValuesWithoutTypeTags) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"solve", "sliding", "--help"},
                                             {"explore", "gap", "--help"},
                                             {"serve", "--help"},
                                             {"pdb", "solve", "--help"},
                                             {"cache", "clear", "--help"},
                                             {"completion", "--help"},
                                             {"help", "--help"}}) {
    const std::string help = run_plumb(args).out;
    for (const char* tag : {" TEXT", "UINT", "FLOAT", " INT", ":{", "=contest", "=8080"})
      EXPECT_EQ(help.find(tag), std::string::npos) << args[0] << " " << tag << ":\n" << help;
  }
  const std::string solve = run_plumb({"solve", "sliding", "--help"}).out;
  for (const char* shown : {"-f,--format FORMAT", "--max-memory SIZE", "-j,--threads N",
                            "--time-limit SECONDS", "(default: contest)"})
    EXPECT_NE(solve.find(shown), std::string::npos) << shown << ":\n" << solve;
  EXPECT_NE(run_plumb({"serve", "--help"}).out.find("--port PORT"), std::string::npos);
}

TEST(Conventions, LimitOptionsTakeZeroAsNoLimitAndRefuseTheRestShortly) {
  for (const std::string& puzzle : kPuzzles) {
    const std::string sample = sample_path(puzzle, "sample.in").string();
    for (const char* bad : {"-1", "abc", "nan", "inf", "1e999"}) {
      const ProgramRun run = run_plumb({"solve", puzzle, sample, "--time-limit", bad});
      EXPECT_EQ(run.status, 2) << puzzle << " " << bad;
      EXPECT_EQ(run.err.rfind(std::string("plumb: --time-limit: '") + bad + "' is not a number", 0),
                0u)
          << run.err;
      EXPECT_LT(run.err.size(), 200u) << run.err;
    }
    for (const char* bad : {"-1", "abc", "12Q", "nan"}) {
      const ProgramRun run = run_plumb({"solve", puzzle, sample, "--max-memory", bad});
      EXPECT_EQ(run.status, 2) << puzzle << " " << bad;
      EXPECT_EQ(run.err.rfind("plumb: --max-memory: ", 0), 0u) << run.err;
    }
    const ProgramRun unlimited =
        run_plumb({"solve", puzzle, sample, "--time-limit", "0", "--max-memory", "0"});
    EXPECT_EQ(unlimited.status, 0) << puzzle << ": " << unlimited.err;
  }
}

// `--stats --format pretty` on every sample: the statistics' label of the first dataset is the one
// the pretty output heads it with ("Case 1" and "Case 1:"; "Board 1, by auto (table)" where auto
// chose).
TEST(Conventions, ADatasetIsCalledTheSameInStatisticsAndPrettyOutput) {
  for (const std::string& puzzle : kPuzzles) {
    const ProgramRun run = run_plumb({"solve", puzzle, sample_path(puzzle, "sample.in").string(),
                                      "--stats", "--format", "pretty"});
    ASSERT_EQ(run.status, 0) << puzzle << ": " << run.err;
    std::string first_stats = run.err.substr(0, run.err.find('\n'));
    if (first_stats.starts_with("table build"))
      first_stats = run.err.substr(run.err.find('\n') + 1);
    const std::string label = first_stats.substr(0, first_stats.find(": "));
    const std::string noun = label.substr(0, label.find(" 1"));  // "Case"
    ASSERT_TRUE(noun.size() < label.size() && std::isupper(static_cast<unsigned char>(noun[0])) &&
                std::all_of(noun.begin() + 1, noun.end(), [](char c) { return std::islower(c); }))
        << puzzle << ": " << run.err;
    EXPECT_NE(run.out.find(label + ":"), std::string::npos)
        << puzzle << ": '" << label << ":' not in\n"
        << run.out;
  }
}

// A line "NOUN K: REST" (a capitalized word, a number from 1): its parts; REST may hold more.
struct Numbered {
  std::string noun, number, rest;
};
std::optional<Numbered> numbered(const std::string& line) {
  const std::size_t space = line.find(' ');
  const std::size_t colon = line.find(": ");
  if (space == std::string::npos || colon == std::string::npos || space == 0 || colon < space)
    return std::nullopt;
  Numbered parts{line.substr(0, space), line.substr(space + 1, colon - space - 1),
                 line.substr(colon + 2)};
  const std::string digits = parts.number.substr(0, parts.number.find(','));
  const bool word = std::isupper(static_cast<unsigned char>(parts.noun[0])) &&
                    std::all_of(parts.noun.begin() + 1, parts.noun.end(),
                                [](char c) { return std::islower(static_cast<unsigned char>(c)); });
  if (!word || digits.empty() || digits[0] == '0' ||
      !std::all_of(digits.begin(), digits.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return parts;
}

// `--format pretty` on every puzzle's samples, in its one shape
// (puzzle_interface::pretty_solution): a legend, a blank line, then each dataset as "NOUN K, by
// ALGORITHM: ANSWER" (K counting from 1, the answer naming the length that --format json gives),
// the steps numbered "STEP 1:" to "STEP N:" (as many as the JSON's moves, one step word for every
// dataset), and a blank line.
TEST(Conventions, PrettyOutputHasOneShapeForEveryPuzzle) {
  // A dataset's header: "Board 3, by auto (table): 19 moves".
  const auto header = [](const std::string& line) -> std::optional<Numbered> {
    std::optional<Numbered> parts = numbered(line);
    if (!parts || parts->number.find(", by ") == std::string::npos) return std::nullopt;
    parts->number = parts->number.substr(0, parts->number.find(','));
    return parts;
  };
  for (const std::string& puzzle : kPuzzles) {
    const std::string sample = sample_path(puzzle, "sample.in").string();
    const ProgramRun pretty = run_plumb({"solve", puzzle, sample, "--format", "pretty"});
    const ProgramRun json = run_plumb({"solve", puzzle, sample, "--format", "json"});
    ASSERT_EQ(pretty.status, 0) << puzzle << ": " << pretty.err;
    ASSERT_EQ(json.status, 0) << puzzle << ": " << json.err;
    std::vector<nlohmann::json> records;
    std::istringstream json_lines(json.out);
    for (std::string line; std::getline(json_lines, line);)
      records.push_back(nlohmann::json::parse(line));
    std::vector<std::string> lines;
    std::istringstream pretty_lines(pretty.out);
    for (std::string line; std::getline(pretty_lines, line);) lines.push_back(line);
    // The legend: the lines up to the first blank one, before the first header.
    std::size_t at = 0;
    while (at < lines.size() && !lines[at].empty())
      ASSERT_FALSE(header(lines[at++])) << puzzle << ": no legend before the first dataset";
    ASSERT_GT(at, 0u) << puzzle << ": no legend";
    ++at;
    std::string noun, step;
    for (std::size_t dataset = 1; dataset <= records.size(); ++dataset) {
      const nlohmann::json& record = records[dataset - 1];
      ASSERT_LT(at, lines.size()) << puzzle << ": dataset " << dataset << " missing";
      const std::optional<Numbered> head = header(lines[at]);
      ASSERT_TRUE(head) << puzzle << ": " << lines[at];
      if (noun.empty()) noun = head->noun;
      EXPECT_EQ(head->noun, noun) << puzzle;
      EXPECT_EQ(head->number, std::to_string(dataset)) << puzzle;
      if (!record["length"].is_null() && record["length"].get<int>() > 0) {
        EXPECT_NE((" " + head->rest + " ").find(" " + record["length"].dump() + " "),
                  std::string::npos)
            << puzzle << ": " << lines[at];
      }
      std::size_t steps = 0;
      for (++at; at < lines.size() && !header(lines[at]); ++at) {
        const std::optional<Numbered> numbered_step = numbered(lines[at]);
        if (!numbered_step) continue;
        if (step.empty()) step = numbered_step->noun;
        EXPECT_EQ(numbered_step->noun, step) << puzzle;
        EXPECT_EQ(numbered_step->number, std::to_string(++steps)) << puzzle << ": " << lines[at];
      }
      EXPECT_EQ(lines[at - 1], "") << puzzle << ": dataset " << dataset << " ends unparted";
      EXPECT_EQ(steps, record["moves"].is_array() ? record["moves"].size() : 0u)
          << puzzle << " " << dataset;
    }
    EXPECT_EQ(at, lines.size()) << puzzle << ": more datasets than the JSON's";
  }
}

// Whether `text` counts one thing in the plural: "1 moves" (but not "21 moves" or "0.1 moves").
bool has_plural_of_one(const std::string& text) {
  for (const char* noun : {"moves", "iterations", "duplicates", "deals", "cases", "boards",
                           "tokens", "states", "cells"}) {
    const std::string phrase = std::string("1 ") + noun;
    for (auto at = text.find(phrase); at != std::string::npos; at = text.find(phrase, at + 1)) {
      const bool starts =
          at == 0 || std::string_view(" (:\n").find(text[at - 1]) != std::string_view::npos;
      const std::size_t end = at + phrase.size();
      const bool ends = end == text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
      if (starts && ends) return true;
    }
  }
  return false;
}

TEST(Conventions, CountsOfOneAreSingular) {
  EXPECT_TRUE(has_plural_of_one("Deal 2: 1 moves"));
  EXPECT_FALSE(has_plural_of_one("21 moves, 0.1 moves, 1 move, 1 movesx"));
  const std::vector<std::pair<std::vector<std::string>, std::string>> runs{
      {{"solve", "sliding", "--format", "pretty", "--stats", "--algo", "ida"},
       "1 2 3 4 5 6 7 x 8\n"},
      {{"solve", "sliding"}, "1\n"},
      {{"solve", "cubic", sample_path("cubic", "sample.in").string(), "--algo", "ida", "--stats",
        "--format", "pretty"},
       ""},
      {{"solve", "gap"},
       "1\n11 12 13 14 15 16 17\n21 22 23 24 25 26 27\n31 32 33 34 35 36 37\n"
       "41 42 43 44 45 46 47\n\n11 12 13 14 15 16 17\n"},
  };
  for (const auto& [args, input] : runs) {
    const ProgramRun run = run_plumb(args, input);
    EXPECT_FALSE(has_plural_of_one(run.out)) << run.out;
    EXPECT_FALSE(has_plural_of_one(run.err)) << run.err;
  }
}

TEST(Conventions, APatternDatabaseSetMustFitTheBoardWhateverTheAlgorithm) {
  for (const char* algo : {"auto", "ida", "table"}) {
    const ProgramRun run =
        run_plumb({"solve", "sliding", "--pdb", "15-555", "--algo", algo}, "1 2 3 4 5 6 7 x 8\n");
    EXPECT_EQ(run.status, 2) << algo;
    EXPECT_NE(run.err.find("<stdin>:1: the pattern databases 15-555 are for 4x4 boards, not 3x3"),
              std::string::npos)
        << run.err;
  }
}

}  // namespace
}  // namespace plumb::testing
