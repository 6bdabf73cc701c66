# plumb_add_puzzle(NAME ORDER N): registers the puzzle of the calling folder, puzzles/NAME/
# (puzzles/README.md). Its parts are found by where they lie:
#   include/plumb/puzzles/*.hpp   its public headers, installed with the library's (if any)
#   src/*.cpp                     compiled into the library (plumb::plumb); defines the factory
#                                 plumb::puzzle_interface::make_NAME_puzzle (puzzle_interface/builtin.hpp)
#   tests/*_test.cpp              its GoogleTest executables (tests/CMakeLists.txt builds them)
#   tests/test_*.py               its Python tests (python/CMakeLists.txt runs them)
#   cli/*.cpp                     commands of its own, compiled into the program's front end
#                                 (plumb_cli): defines plumb::cli::add_NAME_commands(CLI::App&)
#   python/NAME.py, NAME.pyi      its submodule of the Python package, plumb.NAME, and its types;
#   python/*.cpp                  its part of the extension module: defines
#                                 plumb::python::bind_NAME(py::module_&), which adds _plumb.NAME
#   page.js                       its module of the page of `plumb serve` (exports `NAME`)
#   page-library/                 npm modules page.js loads, where installed: package.json with
#                                 its lock, index.js what it exports (plumb_bundle_page_library)
#   samples/*.in, *.out           its contest samples with their expected answers
# ORDER places it in `plumb list` (smaller first). plumb_write_puzzle_registry() then writes the
# list of factories the program is built with; nothing else names the puzzles.
function(plumb_add_puzzle name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "ORDER" "")
  if(NOT name MATCHES "^[a-z][a-z0-9_]*$" OR NOT arg_ORDER MATCHES "^[0-9]+$")
    message(FATAL_ERROR "plumb_add_puzzle(${name} ORDER ${arg_ORDER}): a lowercase name and a whole ORDER")
  endif()
  set(folder ${CMAKE_CURRENT_SOURCE_DIR})
  get_filename_component(folder_name ${folder} NAME)
  if(NOT folder_name STREQUAL name)
    message(FATAL_ERROR "${folder} registers the puzzle ${name}: a puzzle's folder has its name")
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${folder}/src/*.cpp)
  target_sources(plumb_lib PRIVATE ${sources})
  if(EXISTS ${folder}/include)  # a puzzle of one source file may have no headers
    target_include_directories(plumb_lib PUBLIC $<BUILD_INTERFACE:${folder}/include>)
    install(DIRECTORY ${folder}/include/plumb DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  endif()
  file(GLOB cli_sources CONFIGURE_DEPENDS ${folder}/cli/*.cpp)
  set_property(GLOBAL PROPERTY PLUMB_PUZZLE_CLI_SOURCES_${name} "${cli_sources}")
  if(EXISTS ${folder}/python/${name}.py)
    set_property(GLOBAL APPEND PROPERTY PLUMB_PYTHON_MODULES ${name})
  endif()
  if(EXISTS ${folder}/page-library/package.json)
    plumb_bundle_page_library(${name} ${folder}/page-library)
  endif()
  set_property(GLOBAL APPEND PROPERTY PLUMB_PUZZLES "${arg_ORDER}:${name}")
  set_property(GLOBAL PROPERTY PLUMB_PUZZLE_FOLDER_${name} "${folder}")
endfunction()

# A puzzle's page library: the npm modules of LIBRARY (scripts/install-deps.sh web runs npm ci
# there), bundled with index.js by esbuild (one of its devDependencies) into page-libraries/NAME/
# of the build tree, installed to PLUMB_PAGE_LIBRARIES_INSTALL_DIR/NAME; `plumb serve` serves the
# bundle's files under /lib/NAME/. NAME joins the global PLUMB_BUNDLED_PAGE_LIBRARIES, or, where the
# modules are not installed or PLUMB_PAGE_LIBRARIES is off (the Debian package: Debian has none of
# npm's bundles), PLUMB_MISSING_PAGE_LIBRARIES: its page then does without.
function(plumb_bundle_page_library name library)
  set(esbuild ${library}/node_modules/.bin/esbuild)
  if(NOT PLUMB_PAGE_LIBRARIES OR NOT EXISTS ${esbuild})
    set_property(GLOBAL APPEND PROPERTY PLUMB_MISSING_PAGE_LIBRARIES ${name})
    return()
  endif()
  set(bundle ${PROJECT_BINARY_DIR}/page-libraries/${name})
  add_custom_command(OUTPUT ${bundle}/index.js
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${bundle}
    COMMAND ${esbuild} index.js --bundle --splitting --format=esm --minify --log-level=warning
      --outdir=${bundle}
    WORKING_DIRECTORY ${library}
    DEPENDS ${library}/index.js ${library}/package-lock.json
    COMMENT "Bundling ${name}'s page library" VERBATIM)
  add_custom_target(plumb_page_library_${name} ALL DEPENDS ${bundle}/index.js)
  install(DIRECTORY ${bundle}/ DESTINATION ${PLUMB_PAGE_LIBRARIES_INSTALL_DIR}/${name})
  set_property(GLOBAL APPEND PROPERTY PLUMB_BUNDLED_PAGE_LIBRARIES ${name})
endfunction()

# The registered puzzles' names in their ORDER, into `out`.
function(plumb_registered_puzzles out)
  get_property(entries GLOBAL PROPERTY PLUMB_PUZZLES)
  list(SORT entries COMPARE NATURAL)
  set(names "")
  foreach(entry ${entries})
    string(REGEX REPLACE "^[0-9]+:" "" name ${entry})
    if(name IN_LIST names)
      message(FATAL_ERROR "Two puzzle folders register the puzzle ${name}")
    endif()
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# Writes OUTPUT, the C++ source of puzzle_interface::registered_puzzle_factories(), and adds it to the
# library.
function(plumb_write_puzzle_registry output)
  plumb_registered_puzzles(names)
  list(LENGTH names count)
  set(declarations "")
  set(factories "")
  foreach(name ${names})
    string(APPEND declarations
      "std::unique_ptr<Puzzle> make_${name}_puzzle(std::shared_ptr<const io::TableLender> tables);\n")
    string(APPEND factories "      &make_${name}_puzzle,\n")
  endforeach()
  file(WRITE ${output}.tmp "// Generated by cmake/puzzles.cmake from the folders of puzzles/: do not edit.
#include <array>

#include \"plumb/puzzle_interface/builtin.hpp\"

namespace plumb::puzzle_interface {

${declarations}
std::span<const PuzzleFactory> registered_puzzle_factories() {
  static constexpr std::array<PuzzleFactory, ${count}> factories{{
${factories}  }};
  return factories;
}

}  // namespace plumb::puzzle_interface
")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
  target_sources(plumb_lib PRIVATE ${output})
endfunction()

# Writes OUTPUT, the C++ source of cli::add_puzzles_commands(), which adds the commands of the
# registered puzzles with a cli/ part, and adds it and those parts to the program's front end.
function(plumb_write_command_registry output)
  plumb_registered_puzzles(names)
  set(declarations "")
  set(calls "")
  foreach(name ${names})
    get_property(sources GLOBAL PROPERTY PLUMB_PUZZLE_CLI_SOURCES_${name})
    if(sources)
      target_sources(plumb_cli PRIVATE ${sources})
      string(APPEND declarations "void add_${name}_commands(CLI::App& app);\n")
      string(APPEND calls "  add_${name}_commands(app);\n")
    endif()
  endforeach()
  file(WRITE ${output}.tmp "// Generated by cmake/puzzles.cmake from the folders of puzzles/: do not edit.
#include \"cli/commands/commands.hpp\"

namespace plumb::cli {

${declarations}
void add_puzzles_commands([[maybe_unused]] CLI::App& app) {
${calls}}

}  // namespace plumb::cli
")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
  target_sources(plumb_cli PRIVATE ${output})
endfunction()

# Writes OUTPUT, the C++ source of python::bind_puzzle_modules(), which adds the extension module's
# part of each registered puzzle with a python/ part and names their submodules; adds it and those
# parts to the extension module's TARGET, and sets `files` to their Python files (NAME.py, NAME.pyi)
# and `tests` to their Python tests.
function(plumb_write_python_registry output target files tests)
  plumb_registered_puzzles(names)
  get_property(modules GLOBAL PROPERTY PLUMB_PYTHON_MODULES)
  set(declarations "")
  set(calls "")
  set(quoted "")
  set(python_files "")
  set(python_tests "")
  foreach(name ${names})
    get_property(folder GLOBAL PROPERTY PLUMB_PUZZLE_FOLDER_${name})
    file(GLOB puzzle_tests CONFIGURE_DEPENDS ${folder}/tests/test_*.py)
    list(APPEND python_tests ${puzzle_tests})
    if(NOT name IN_LIST modules)
      continue()
    endif()
    file(GLOB sources CONFIGURE_DEPENDS ${folder}/python/*.cpp)
    file(GLOB module_files CONFIGURE_DEPENDS ${folder}/python/*.py ${folder}/python/*.pyi)
    list(APPEND python_files ${module_files})
    list(APPEND quoted "\"${name}\"")
    if(sources)
      target_sources(${target} PRIVATE ${sources})
      string(APPEND declarations "void bind_${name}(py::module_& module);\n")
      string(APPEND calls "  bind_${name}(module);\n")
    endif()
  endforeach()
  list(JOIN quoted ", " quoted)
  file(WRITE ${output}.tmp "// Generated by cmake/puzzles.cmake from the folders of puzzles/: do not edit.
#include \"python/bindings.hpp\"

namespace plumb::python {

${declarations}
void bind_puzzle_modules(py::module_& module) {
${calls}  module.attr(\"_puzzle_modules\") = py::make_tuple(${quoted});
}

}  // namespace plumb::python
")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
  target_sources(${target} PRIVATE ${output})
  set(${files} ${python_files} PARENT_SCOPE)
  set(${tests} ${python_tests} PARENT_SCOPE)
endfunction()

# Writes OUTPUT, read by cmake/embed_assets.cmake: PUZZLE_PAGES, "NAME=PATH" for each registered
# puzzle with a page.js, in ORDER. Sets `files` to those paths.
function(plumb_write_page_list output files)
  plumb_registered_puzzles(names)
  set(pages "")
  set(paths "")
  foreach(name ${names})
    get_property(folder GLOBAL PROPERTY PLUMB_PUZZLE_FOLDER_${name})
    if(EXISTS ${folder}/page.js)
      list(APPEND pages "${name}=${folder}/page.js")
      list(APPEND paths ${folder}/page.js)
    endif()
  endforeach()
  file(WRITE ${output}.tmp "set(PUZZLE_PAGES \"${pages}\")\n")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
  set(${files} ${paths} PARENT_SCOPE)
endfunction()

# Writes OUTPUT, the registered puzzles' folders for the tests: a line "NAME<TAB>FOLDER" each, in
# ORDER (tests/support/run_plumb.hpp: puzzle_folder()).
function(plumb_write_puzzle_folders output)
  plumb_registered_puzzles(names)
  set(lines "")
  foreach(name ${names})
    get_property(folder GLOBAL PROPERTY PLUMB_PUZZLE_FOLDER_${name})
    string(APPEND lines "${name}\t${folder}\n")
  endforeach()
  file(WRITE ${output}.tmp "${lines}")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
endfunction()
