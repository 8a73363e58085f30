#!/usr/bin/env bash
# A first live page, by copy-paste: an uploaded image, a link and a sign-up form, published; prints its URL.
#
#   BIO_PAGE_API_KEY=bp_live_… bash examples/quickstart.sh
#
# Needs curl and jq. BIO_PAGE_API_URL defaults to the local service (`npm start`); IMAGE defaults to the picture
# beside this script. Every edit sends the draft's `updated_at` from the answer before it (`expected_updated_at`):
# a page changed by someone else in between gets 409 `stale_snapshot` instead of a lost update.
set -euo pipefail

api="${BIO_PAGE_API_URL:-http://127.0.0.1:3000}"
key="${BIO_PAGE_API_KEY:?set BIO_PAGE_API_KEY to an API key (npm start prints a demo key on its first start)}"
image="${IMAGE:-$(dirname "$0")/cover.png}"
title="${TITLE:-My links}"

# One API call: prints the JSON answer; on an error, prints the problem document to stderr and stops.
call() {
  local method=$1 path=$2
  shift 2
  local answer status
  answer=$(curl -sS -X "$method" "$api$path" -H "Authorization: Bearer $key" -w '\n%{http_code}' "$@")
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" -ge 400 ]; then
    echo "$method $path answered $status:" >&2
    echo "$answer" | jq . >&2 2>/dev/null || echo "$answer" >&2
    exit 1
  fi
  echo "$answer"
}

# Sends a JSON body built by jq from named arguments (jq -n --arg …), so no value needs escaping by hand.
json() {
  local method=$1 path=$2 filter=$3
  shift 3
  call "$method" "$path" -H 'Content-Type: application/json' --data-binary "$(jq -nc "$@" "$filter")"
}

# 1. A page: a draft, with nothing public yet.
page=$(json POST /v1/pages '{title: $title, description: "Made with examples/quickstart.sh"}' --arg title "$title")
id=$(jq -r .id <<<"$page")
echo "page     $id (slug $(jq -r .slug <<<"$page"))" >&2

# 2. An image file: its `public_path` is what IMAGE blocks (and a page's avatar) show.
file=$(call POST /v1/files -F "file=@$image")
path=$(jq -r .public_path <<<"$file")
echo "file     $(jq -r .id <<<"$file") at $path" >&2

# 3. Blocks, in order. Each answer is the page, with the draft's new `updated_at` for the next edit.
stamp=$(jq -r .draft.updated_at <<<"$page")
page=$(json POST "/v1/pages/$id/blocks" \
  '{expected_updated_at: $stamp, kind: "IMAGE", file_url: $path, data: {alt: "Cover picture"}}' \
  --arg stamp "$stamp" --arg path "$path")
stamp=$(jq -r .draft.updated_at <<<"$page")
page=$(json POST "/v1/pages/$id/blocks" \
  '{expected_updated_at: $stamp, kind: "LINK", data: {url: "https://example.com", title: "My website"}}' \
  --arg stamp "$stamp")
stamp=$(jq -r .draft.updated_at <<<"$page")
page=$(json POST "/v1/pages/$id/blocks" \
  '{expected_updated_at: $stamp, kind: "NEWSLETTER", data: {title: "Get my news", button_label: "Sign up"}}' \
  --arg stamp "$stamp")
echo "blocks   $(jq -r '[.draft.blocks[].kind] | join(", ")' <<<"$page")" >&2

# 4. Publish the draft as it is now (a 409 if it changed since this stamp). `starts_at` would schedule it instead.
stamp=$(jq -r .draft.updated_at <<<"$page")
published=$(json POST "/v1/pages/$id/publish" '{expected_updated_at: $stamp}' --arg stamp "$stamp")

# The live page's address, the one line on stdout.
jq -r .page.public_url <<<"$published"
