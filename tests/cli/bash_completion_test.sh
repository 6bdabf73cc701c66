#!/usr/bin/env bash
# Checks the bash completion that `plumb completion bash` writes (and the build installs): that it
# registers for plumb, and what it offers after a few prefixes: the commands, the puzzles, each
# puzzle's options and their choices, the pattern database sets, files.
# Usage: tests/cli/bash_completion_test.sh PLUMB_BINARY
set -euo pipefail
plumb=$1
failures=0

# shellcheck source=/dev/null
source <("$plumb" completion bash)
registered=$(complete -p plumb)
[[ $registered == "complete -F _plumb plumb" ]] || { echo "FAIL: complete -p plumb: $registered"; exit 1; }

# What completing the last of the words offers, one a line, sorted.
offers() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _plumb
  if [[ ${#COMPREPLY[@]} -gt 0 ]]; then printf '%s\n' "${COMPREPLY[@]}" | sort; fi
}

# expect WORDS... : OFFERED...: the offer is exactly these words (in any order).
expect() {
  local words=() wanted
  while [[ $1 != : ]]; do words+=("$1"); shift; done
  shift
  wanted=$(if [[ $# -gt 0 ]]; then printf '%s\n' "$@" | sort; fi)
  local got
  got=$(offers "${words[@]}")
  if [[ $got != "$wanted" ]]; then
    echo "FAIL: '${words[*]}<Tab>' offers [$(tr '\n' ' ' <<<"$got")], not [$(tr '\n' ' ' <<<"$wanted")]"
    failures=$((failures + 1))
  fi
}

# expect_some WORDS... : OFFERED...: the offer includes these words.
expect_some() {
  local words=() got
  while [[ $1 != : ]]; do words+=("$1"); shift; done
  shift
  got=$(offers "${words[@]}")
  for word in "$@"; do
    if ! grep -qx -- "$word" <<<"$got"; then
      echo "FAIL: '${words[*]}<Tab>' does not offer $word: [$(tr '\n' ' ' <<<"$got")]"
      failures=$((failures + 1))
    fi
  done
}

commands=$("$plumb" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
read -ra command_list <<<"$(tr '\n' ' ' <<<"$commands")"
expect plumb '' : "${command_list[@]}"
expect plumb s : solve serve
read -ra puzzles <<<"$("$plumb" list --names | tr '\n' ' ')"
expect plumb solve '' : "${puzzles[@]}"
expect plumb explore '' : "${puzzles[@]}"
expect plumb help '' : "${puzzles[@]}"
expect plumb solve sliding --format '' : contest pretty json
expect plumb solve gap --format p : pretty
expect plumb solve sliding --format = '' : contest pretty json
expect plumb solve sliding --format = j : json
expect plumb explore pegs --stats --format '' : contest pretty json
expect plumb solve gap --prune '' : none stubborn
expect plumb solve block --algo '' : bk dinic edmonds-karp
expect plumb solve sliding --time-limit '' :
expect_some plumb solve sliding -- : --size --goal --pdb --format --algo --time-limit --help
expect_some plumb solve sliding --s : --size --stats
expect_some plumb explore gap --stats --seed 3 -- : --suits --checkpoint
read -ra sets <<<"$("$plumb" pdb build --help | sed -n 's/^  SET .*(one of: \([^)]*\)).*/\1/p' | tr -d ',')"
[[ ${#sets[@]} -ge 2 ]] || { echo "FAIL: no pattern database sets in plumb pdb build --help"; exit 1; }
expect plumb pdb build '' : "${sets[@]}"
expect plumb pdb build --threads 2 '' : "${sets[@]}"
expect plumb pdb '' : build info list solve
expect plumb completion '' : bash zsh fish

# Files: the input of solve, and the second positional of pdb solve.
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
touch "$folder/boards.txt" "$folder/other.in"
expect plumb solve sliding "$folder/b" : "$folder/boards.txt"
expect plumb solve sliding --format json "$folder/o" : "$folder/other.in"
expect plumb pdb solve 15-7-8 "$folder/b" : "$folder/boards.txt"

if [[ $failures -gt 0 ]]; then
  echo "bash completion: $failures failed"
  exit 1
fi
echo "bash completion: every check passed"
