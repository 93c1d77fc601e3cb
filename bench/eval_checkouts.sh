#!/bin/bash
# The scan evaluation's checkouts, restored on a fresh machine: each truth file of
# tests/data/scan_eval*/truth names its repo and commit; the held-out gate (bench/heldout.py
# --src DIR) reads them as DIR/scan_evalN/NAME.
#
#   bench/eval_checkouts.sh list             owner/name of every repo to fetch (one a line)
#   bench/eval_checkouts.sh extract DIR      each fetched repo's commit into DIR/SET/NAME
#
# Fetching is the workplace's `fetch` tool (github:OWNER/NAME -> /work/.mirror/OWNER+NAME/repo);
# MIRRORS overrides that folder. A snapshot may lack its largest blobs (images, data files):
# those files are left out and counted in DIR/SET/NAME.extracted, as git archive would stop at
# the first one. A checkout already marked extracted is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
mirrors=${MIRRORS:-/work/.mirror}

truths() {
  for file in tests/data/scan_eval*/truth/*.toml; do
    set_=$(basename "$(dirname "$(dirname "$file")")")
    repo=$(sed -n 's/^repo = "\(.*\)"$/\1/p' "$file" | head -1)
    commit=$(sed -n 's/^commit = "\(.*\)"$/\1/p' "$file" | head -1)
    printf '%s %s %s %s\n' "$set_" "$(basename "$file" .toml)" "$repo" "$commit"
  done
}

extract_one() {
  local dest=$1 repo=$2 commit=$3 git_dir="$mirrors/${2/\//+}/repo" index missing
  [[ -d "$git_dir" ]] || { echo "not fetched: $repo"; return 1; }
  git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null ||
    { echo "no commit $commit in $repo's snapshot"; return 1; }
  rm -rf "$dest" "$dest.extracted" && mkdir -p "$dest"
  index=$(mktemp) && missing=$(mktemp)
  GIT_INDEX_FILE=$index git --git-dir="$git_dir" read-tree "$commit"
  git --git-dir="$git_dir" ls-tree -r "$commit" | awk '$2 == "blob" {print $3}' | sort -u |
    git --git-dir="$git_dir" cat-file --batch-check | awk '$2 == "missing" {print $1}' >"$missing"
  if [[ -s "$missing" ]]; then
    git -c core.quotepath=off --git-dir="$git_dir" ls-tree -r "$commit" | grep -F -f "$missing" |
      cut -f2- | while IFS= read -r path; do
        GIT_INDEX_FILE=$index git --git-dir="$git_dir" update-index --force-remove -- "$path"
      done
  fi
  GIT_INDEX_FILE=$index git --git-dir="$git_dir" checkout-index -a -f --prefix="$dest/"
  echo "$commit missing_blobs=$(wc -l <"$missing")" >"$dest.extracted"
  rm -f "$index" "$missing"
}

case "${1:-}" in
  list) truths | awk '{print $3}' | sort -fu ;;
  extract)
    out=${2:?usage: $0 extract DIR}
    failed=0
    while read -r set_ name repo commit; do
      [[ -f "$out/$set_/$name.extracted" ]] && continue
      extract_one "$out/$set_/$name" "$repo" "$commit" || failed=$((failed + 1))
    done < <(truths)
    echo "$failed checkouts not extracted"
    ;;
  *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
