// tests/support/json_schema.hpp: a validator for the subset of JSON Schema (draft 2020-12) that
// docs/plumb-output.schema.json uses, since no validator library is packaged: `type` (a name or an
// array of names), `enum`, `properties`, `required`, `additionalProperties: false`, `items` (one
// schema), `anyOf`, `oneOf` and `$ref` to "#/$defs/NAME"; `$schema`, `$id`, `$defs`, `title` and
// `description` are annotations. Any other keyword is an error, so the schema cannot drift out of
// what is checked.
//
// validate(schema, document) returns the problems found, each as "PATH: WHAT" ("/moves/3: not one
// of the enum"); empty means the document is valid.
//
// api_answer_schema() checks an API answer against its definition in the common part;
// composed_output_schema() puts the schema together as docs/plumb-output.schema.json holds it: the
// common part, docs/plumb-output.common.json, and each registered puzzle's schema.json, whose $defs
// are all named NAME_..., among them NAME_solve and NAME_explore, its two records.
#pragma once

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace plumb::testing {

class SchemaValidator {
 public:
  explicit SchemaValidator(nlohmann::json root) : root_(std::move(root)) {}

  std::vector<std::string> validate(const nlohmann::json& document) const {
    std::vector<std::string> problems;
    check(root_, document, "", problems);
    return problems;
  }

 private:
  const nlohmann::json& resolve(const std::string& ref) const {
    const std::string prefix = "#/$defs/";
    if (ref.rfind(prefix, 0) != 0) throw std::invalid_argument("unsupported $ref " + ref);
    return root_.at("$defs").at(ref.substr(prefix.size()));
  }

  static bool has_type(const nlohmann::json& value, const std::string& type) {
    if (type == "null") return value.is_null();
    if (type == "boolean") return value.is_boolean();
    if (type == "integer") return value.is_number_integer();
    if (type == "number") return value.is_number();
    if (type == "string") return value.is_string();
    if (type == "array") return value.is_array();
    if (type == "object") return value.is_object();
    throw std::invalid_argument("unknown type " + type);
  }

  // How many of `schemas` the value matches.
  std::size_t matches(const nlohmann::json& schemas, const nlohmann::json& value,
                      const std::string& path) const {
    std::size_t count = 0;
    for (const auto& schema : schemas) {
      std::vector<std::string> problems;
      check(schema, value, path, problems);
      count += problems.empty() ? 1 : 0;
    }
    return count;
  }

  void check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& path,
             std::vector<std::string>& problems) const {
    static const std::set<std::string> kAnnotations{"$schema", "$id", "$defs", "title",
                                                    "description"};
    for (const auto& [keyword, argument] : schema.items()) {
      if (kAnnotations.contains(keyword)) continue;
      if (keyword == "$ref") {
        check(resolve(argument.get<std::string>()), value, path, problems);
      } else if (keyword == "type") {
        const nlohmann::json types =
            argument.is_array() ? argument : nlohmann::json::array({argument});
        bool any = false;
        for (const auto& type : types) any = any || has_type(value, type.get<std::string>());
        if (!any) problems.push_back(path + ": not of type " + argument.dump());
      } else if (keyword == "enum") {
        if (std::find(argument.begin(), argument.end(), value) == argument.end())
          problems.push_back(path + ": " + value.dump() + " is not one of " + argument.dump());
      } else if (keyword == "properties") {
        if (!value.is_object()) continue;
        for (const auto& [name, property] : argument.items()) {
          if (value.contains(name)) check(property, value.at(name), path + "/" + name, problems);
        }
      } else if (keyword == "required") {
        if (!value.is_object()) continue;
        for (const auto& name : argument) {
          if (!value.contains(name.get<std::string>()))
            problems.push_back(path + ": lacks " + name.get<std::string>());
        }
      } else if (keyword == "additionalProperties") {
        if (argument != false) throw std::invalid_argument("additionalProperties must be false");
        if (!value.is_object()) continue;
        const nlohmann::json known = schema.value("properties", nlohmann::json::object());
        for (const auto& [name, ignored] : value.items()) {
          if (!known.contains(name)) problems.push_back(path + ": unexpected key " + name);
        }
      } else if (keyword == "items") {
        if (!value.is_array()) continue;
        for (std::size_t i = 0; i < value.size(); ++i)
          check(argument, value[i], path + "/" + std::to_string(i), problems);
      } else if (keyword == "anyOf") {
        if (matches(argument, value, path) == 0)
          problems.push_back(path + ": matches none of anyOf");
      } else if (keyword == "oneOf") {
        const std::size_t count = matches(argument, value, path);
        if (count != 1)
          problems.push_back(path + ": matches " + std::to_string(count) + " of oneOf, not 1");
      } else {
        throw std::invalid_argument("keyword outside the checked subset: " + keyword);
      }
    }
  }

  nlohmann::json root_;
};

// The output schema of the puzzles of `folders` (each named as its folder), in that order: the
// common part of `docs` with each puzzle's schema.json added. Throws std::invalid_argument for a
// part that defines a name not its own or lacks one of its records.
inline nlohmann::ordered_json composed_output_schema(
    const std::filesystem::path& docs, const std::vector<std::filesystem::path>& folders) {
  const auto read = [](const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read " + path.string());
    return nlohmann::ordered_json::parse(in);
  };
  nlohmann::ordered_json schema = read(docs / "plumb-output.common.json");
  for (const std::filesystem::path& folder : folders) {
    const std::string name = folder.filename().string();
    const std::filesystem::path path = folder / "schema.json";
    const nlohmann::ordered_json part = read(path);
    for (const auto& [key, definition] : part.at("$defs").items()) {
      if (!key.starts_with(name + "_") || schema["$defs"].contains(key))
        throw std::invalid_argument(path.string() + ": $defs/" + key + " is not " + name + "'s own");
      schema["$defs"][key] = definition;
    }
    for (const std::string record : {"_solve", "_explore"}) {
      if (!part["$defs"].contains(name + record))
        throw std::invalid_argument(path.string() + ": no $defs/" + name + record);
      schema["oneOf"].push_back({{"$ref", "#/$defs/" + name + record}});
    }
  }
  return schema;
}

// A validator of the common part's definition `name` in `docs` (an API answer's, such as
// "scramble_answer").
inline SchemaValidator api_answer_schema(const std::filesystem::path& docs,
                                         const std::string& name) {
  std::ifstream in(docs / "plumb-output.common.json");
  if (!in)
    throw std::invalid_argument("cannot read " + (docs / "plumb-output.common.json").string());
  nlohmann::json schema = nlohmann::json::parse(in);
  schema.erase("oneOf");
  schema["$ref"] = "#/$defs/" + name;
  return SchemaValidator(schema);
}

}  // namespace plumb::testing
