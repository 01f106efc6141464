# Sourced by the check scripts (check-embed.sh, check-wheel.sh), from the
# checkout's root. `work_dir NAME [DIR]` sets $work to DIR, emptied, or to a
# fresh temporary directory; never one inside the checkout (refused before
# anything there is touched), so that a check can tell a path into the
# checkout from one into what it installed.
work_dir() {
  local name=$1
  shift
  if [ $# -gt 0 ]; then
    work=$(realpath -m "$1")
    case "$work/" in "$PWD"/*) echo "$name: $work is inside the checkout" >&2; exit 1 ;; esac
    rm -rf "$work" && mkdir -p "$work"
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/wrapc-$name.XXXXXX")
  fi
}
