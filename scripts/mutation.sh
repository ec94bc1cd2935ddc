#!/usr/bin/env bash
# Mutation testing of a game's rules with mutmut.
#
#   bash scripts/mutation.sh                    # quick: 200 mutants drawn with seed 0
#   bash scripts/mutation.sh --sample 500 --seed 3
#   bash scripts/mutation.sh --full             # every mutant; resumes where it stopped
#   bash scripts/mutation.sh --report           # the table of what has run so far
#   bash scripts/mutation.sh --game florenz --full   # the same for another game
#
# Options: --game NAME picks the game (default princes); --jobs N runs N mutants
# at once (default 1); --fresh discards the game's mutants/ first. Not for CI:
# a full run takes hours.
#
# The games and what is mutated of each:
#   princes  src/princes_of_florence/rules/ and engine.py, in the repository
#            itself (mutants/), settings [tool.mutmut] of pyproject.toml,
#            equivalents scripts/mutation-equivalent.txt;
#   florenz  src/princes_of_florence/florenz/rules/,
#   firenze  src/princes_of_florence/firenze/rules/: each in .mutation/NAME/
#            (mutants/ there), a scratch directory written by
#            `scripts/mutation.py scratch NAME` whose pyproject.toml takes
#            [tool.mutmut.games.NAME] in place of the first game's settings,
#            equivalents scripts/mutation-equivalent-NAME.txt.
#
# mutmut copies the project into mutants/ with every mutant compiled in, records
# which tests call each function, and runs against each mutant only the tests
# of the game's rules (and for princes the engine) that call its function,
# fastest first, stopping at the first failure
# (pytest_add_cli_args_test_selection of the game's settings). The Hypothesis
# profile "mutation" is the quick budget, derandomized and without an example
# database. Every mutant that survives is then run against the whole test suite
# (scripts/mutation.py rerun). The table counts a mutant listed in the game's
# equivalents file as equivalent, and fails under 95% per module.
set -euo pipefail
cd "$(dirname "$0")/.."

sample=200 seed=0 full="" report_only="" jobs=1 fresh="" game=princes
while [ $# -gt 0 ]; do
    case "$1" in
        --sample) sample="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --full) full=1; shift ;;
        --report) report_only=1; shift ;;
        --jobs) jobs="$2"; shift 2 ;;
        --fresh) fresh=1; shift ;;
        --game) game="$2"; shift 2 ;;
        *) echo "unknown option $1 (see the head of $0)" >&2; exit 2 ;;
    esac
done

if [ ! -x .venv/bin/mutmut ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".[dev,pettingzoo,openspiel]"
fi
export PATH="$PWD/.venv/bin:$PATH"
export HYPOTHESIS_PROFILE=mutation MUTATION_GAME="$game"
helper=(python scripts/mutation.py)

# The function whose few mutants a sample runs first, to generate every mutant
# and the map of the tests that call each function.
case "$game" in
    princes) first='princes_of_florence.engine.x_work_preview__mutmut_*' ;;
    florenz) first='princes_of_florence.florenz.rules.medici.x_giovanni_order__mutmut_*' ;;
    firenze) first='princes_of_florence.firenze.rules.limits.x_card_count__mutmut_*' ;;
    *) echo "unknown game $game: princes, florenz or firenze" >&2; exit 2 ;;
esac
if [ "$game" != princes ]; then
    "${helper[@]}" scratch "$game"
    cd ".mutation/$game"
fi

if [ -n "$report_only" ]; then
    exec "${helper[@]}" report
fi
[ -n "$fresh" ] && rm -rf mutants

if [ -n "$full" ]; then
    mutmut run --max-children "$jobs"
    "${helper[@]}" rerun
    exec "${helper[@]}" report
fi

# A sample: generate the mutants and the test map with the few mutants of one
# function that few tests call, then draw the sample from every mutant there is.
if [ ! -d mutants ]; then
    mutmut run --max-children "$jobs" "$first"
fi
mapfile -t names < <("${helper[@]}" sample "$sample" "$seed")
mutmut run --max-children "$jobs" "${names[@]}"
"${helper[@]}" rerun "${names[@]}"
exec "${helper[@]}" report "${names[@]}"
