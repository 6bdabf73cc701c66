# What the build generates from the program for installing (the manual page and the completions of
# bash, zsh and fish: cmake/generate_docs.cmake), the package's documents, the hook for the Python
# module, and the Debian package that `make package` builds with CPack (docs/packaging.md).

set(PLUMB_GENERATED_SHARE ${PROJECT_BINARY_DIR}/share)
set(PLUMB_GENERATED_FILES
  ${PLUMB_GENERATED_SHARE}/man/man1/plumb.1.gz
  ${PLUMB_GENERATED_SHARE}/bash-completion/completions/plumb
  ${PLUMB_GENERATED_SHARE}/zsh/vendor-completions/_plumb
  ${PLUMB_GENERATED_SHARE}/fish/vendor_completions.d/plumb.fish)
add_custom_command(OUTPUT ${PLUMB_GENERATED_FILES}
  COMMAND ${CMAKE_COMMAND} -DPLUMB=$<TARGET_FILE:plumb> -DOUTPUT_DIR=${PLUMB_GENERATED_SHARE}
    -P ${PROJECT_SOURCE_DIR}/cmake/generate_docs.cmake
  DEPENDS plumb ${PROJECT_SOURCE_DIR}/cmake/generate_docs.cmake
  COMMENT "Writing the manual page and the shell completions from the program" VERBATIM)
add_custom_target(plumb_generated_docs ALL DEPENDS ${PLUMB_GENERATED_FILES})
foreach(file ${PLUMB_GENERATED_FILES})
  file(RELATIVE_PATH place ${PLUMB_GENERATED_SHARE} ${file})
  get_filename_component(place ${place} DIRECTORY)
  install(FILES ${file} DESTINATION ${CMAKE_INSTALL_DATADIR}/${place})
endforeach()

# The documents Debian wants of every package: its copyright and its changelog (in Debian's
# format, one entry for the version, dated by the commit it is built from), and the project's
# CHANGELOG.md beside them.
set(PLUMB_MAINTAINER "plumb maintainers <maintainers@users.noreply.a-seed-bad09be8.example>"
  CACHE STRING "The package's maintainer, as Debian writes one: Name <address>")
execute_process(COMMAND git -C ${PROJECT_SOURCE_DIR} log -1 --format=%cD
  OUTPUT_VARIABLE PLUMB_RELEASE_DATE OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT PLUMB_RELEASE_DATE)
  string(TIMESTAMP PLUMB_RELEASE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
configure_file(packaging/changelog.Debian.in ${PROJECT_BINARY_DIR}/packaging/changelog @ONLY)
set(PLUMB_DOC_FILES ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  ${PROJECT_BINARY_DIR}/packaging/CHANGELOG.md.gz)
add_custom_command(OUTPUT ${PLUMB_DOC_FILES}
  COMMAND gzip -9nkf ${PROJECT_BINARY_DIR}/packaging/changelog
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${PROJECT_BINARY_DIR}/packaging
  COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/packaging/CHANGELOG.md
  DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog ${PROJECT_SOURCE_DIR}/CHANGELOG.md
  COMMENT "Compressing the changelogs" VERBATIM)
add_custom_target(plumb_doc_files ALL DEPENDS ${PLUMB_DOC_FILES})
install(FILES packaging/copyright ${PLUMB_DOC_FILES} DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Python module (python/, PLUMB_PYTHON) installs itself where Debian's python3 finds it; the
# package then needs python3, and numpy, which `import plumb` imports (boards and states as arrays).
if(TARGET plumb_python)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-numpy")
endif()

# The Debian package: plumb_VERSION_ARCH.deb, its dependencies computed by dpkg-shlibdeps from the
# libraries the programs link.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME plumb)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "optimal solutions to combinatorial puzzles by state-space search")
set(CPACK_PACKAGE_DESCRIPTION
  "plumb finds optimal solutions to combinatorial puzzles by state-space
search. It solves five classic contest problems, reading each one's input
and writing its expected output: the sliding tile puzzles (the 8-, 15- and
24-puzzles, by IDA* over pattern databases), Gap solitaire, the Cubic
Eight-Puzzle, Moving Pegs and BlockTheBlockPuzzle. plumb serve shows a web
page to solve and watch them; plumb explore counts a puzzle's states at each
depth, across the processes of an MPI job if asked.
.
The package also holds the C++20 library that plumb is built on (headers,
static library and CMake package): a generic search engine (BFS, A*, IDA*,
bidirectional search, pattern databases, max-flow) and the puzzles.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${PLUMB_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What building against the library needs (its CMake package finds them); the programs do not.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "g++, cmake, libfmt-dev, nlohmann-json3-dev")
set(CPACK_STRIP_FILES ON)
include(CPack)
