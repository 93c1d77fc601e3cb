#!/usr/bin/env bash
# Build hello_acl against the CANN toolkit found through set_env.sh.
set -euo pipefail
cd "$(dirname "$0")"

if [ -z "${ASCEND_TOOLKIT_HOME:-}" ]; then
  source /usr/local/Ascend/ascend-toolkit/set_env.sh
fi

mkdir -p build
g++ -std=c++11 -O2 main.cpp \
  -I"${ASCEND_TOOLKIT_HOME}/include" \
  -L"${ASCEND_TOOLKIT_HOME}/lib64" -lascendcl \
  -o build/hello_acl
echo "built build/hello_acl"
