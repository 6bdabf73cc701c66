// Option values declared the program's way (values.hpp): their type names, their checks in
// plumb's words, the help's layout, and the nearest known word to a slip.
#include "cli/values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>

#include "plumb/io/text_input.hpp"

namespace plumb::cli {
namespace {

// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbours, each one step.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string range_text(unsigned long long min, unsigned long long max) {
  return max == 0 ? fmt::format("of {} or more", min) : fmt::format("from {} to {}", min, max);
}

class ValueFormatter : public CLI::Formatter {
 public:
  std::string make_option_opts(const CLI::Option* option) const override {
    if (option->get_positional() || option->get_items_expected_max() == 0) return "";
    return " " + value_name(option->get_type_name());
  }
  // The description, then a positional's choices ("one of: bash, zsh, fish"; an option's
  // description names them), a closed range ("from 3 to 10") and the default.
  std::string make_option_desc(const CLI::Option* option) const override {
    std::string text = option->get_description();
    if (option->get_items_expected_max() == 0) return text;
    const std::string type = option->get_type_name();
    if (option->get_positional() && type.find('|') != std::string::npos)
      text +=
          fmt::format(" (one of: {})",
                      fmt::join(CLI::detail::split(type.substr(type.find(':') + 1), '|'), ", "));
    const std::size_t dots = type.find("..");
    if (dots != std::string::npos && dots + 2 < type.size()) {
      const std::size_t colon = type.find(':');
      text += fmt::format(" (from {} to {})", type.substr(colon + 1, dots - colon - 1),
                          type.substr(dots + 2));
    }
    if (!option->get_default_str().empty())
      text += fmt::format(" (default: {})", option->get_default_str());
    return text;
  }
};

}  // namespace

CLI::Option* text_value(CLI::Option* option, std::string_view name) {
  return option->type_name(std::string(name));
}

CLI::Option* choice_value(CLI::Option* option, std::string_view name,
                          const std::vector<std::string>& choices) {
  return option->type_name(fmt::format("{}:{}", name, fmt::join(choices, "|")))
      ->check(CLI::Validator(
          [choices](std::string& text) -> std::string {
            if (std::ranges::find(choices, text) != choices.end()) return "";
            return fmt::format("expected one of {}, found {}{}", fmt::join(choices, ", "),
                               io::quote(text), did_you_mean(text, choices));
          },
          ""));
}

CLI::Option* whole_value(CLI::Option* option, std::string_view name, unsigned long long min,
                         unsigned long long max) {
  const unsigned long long top = max == 0 ? std::numeric_limits<unsigned>::max() : max;
  return option->type_name(fmt::format("{}:{}..{}", name, min, max == 0 ? "" : std::to_string(max)))
      ->check(CLI::Validator(
          [min, max, top](std::string& text) -> std::string {
            unsigned long long value = 0;
            const auto [end, error] =
                std::from_chars(text.data(), text.data() + text.size(), value);
            if (!text.empty() && error == std::errc() && end == text.data() + text.size() &&
                value >= min && value <= top)
              return "";
            return fmt::format("expected a whole number {}, found {}", range_text(min, max),
                               io::quote(text));
          },
          ""));
}

CLI::Option* number_value(CLI::Option* option, std::string_view name, const CLI::Validator& check,
                          std::string_view min) {
  return option->type_name(fmt::format("{}:{}..", name, min))->check(check);
}

std::string value_name(std::string_view type_name) {
  return std::string(type_name.substr(0, type_name.find(':')));
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& known) {
  const std::string* nearest = nullptr;
  std::size_t best = std::numeric_limits<std::size_t>::max();
  for (const std::string& each : known) {
    const std::size_t distance = edit_distance(word, each);
    if (distance < best) {
      best = distance;
      nearest = &each;
    }
  }
  // a slip: a letter or two off, and less than a third of the word
  if (nearest == nullptr || best == 0 || best > 2 ||
      3 * best > std::max(word.size(), std::size_t{3}))
    return "";
  return fmt::format("; did you mean {}?", *nearest);
}

std::shared_ptr<CLI::Formatter> value_formatter() {
  return std::make_shared<ValueFormatter>();
}

}  // namespace plumb::cli
