#!/usr/bin/env bash
# Convert an ONNX model to an Ascend offline model (.om) with ATC.
# Needs the CANN toolkit only; no NPU is used.
#   bash scripts/convert.sh MODEL.onnx [SOC_VERSION]
set -euo pipefail

MODEL=${1:?usage: convert.sh MODEL.onnx [SOC_VERSION]}
SOC_VERSION=${2:-Ascend910B1}

if [ -z "${ASCEND_TOOLKIT_HOME:-}" ]; then
  source /usr/local/Ascend/ascend-toolkit/set_env.sh
fi

mkdir -p output
atc --model="$MODEL" --framework=5 \
    --output="output/$(basename "$MODEL" .onnx)" \
    --soc_version="$SOC_VERSION" \
    --input_format=NCHW --input_shape="input:1,3,224,224"
