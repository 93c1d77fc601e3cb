"""An offline model conversion is a build (issue 15, the layer rule: "converting a model
offline"): a failure that only the fallback places, in a program that converts or exports a
model, is read as ``build`` (``bringup.triage.phase`` from the traceback's frames, the fallback
rules' ``project_build`` from the converter's command line); the same kind of exception raised
while a job runs keeps ``operator_execution``. Each log is a public thread's, outside the
evaluation corpora."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.frames import read_frames
from bringup.triage.phase import converting, frames_of, layer_of

# deepseek-ai/DeepSeek-VL#38: llama.cpp's converter script refuses the model's architecture
CONVERTER = (
    "Loading model: deepseek-vl-7b-chat\n"
    "Traceback (most recent call last):\n"
    '  File "/home/zhangyuanfeng/software/ollama/llm/llama.cpp/./convert-hf-to-gguf.py", line'
    " 2099, in <module>\n"
    "    main()\n"
    '  File "/home/zhangyuanfeng/software/ollama/llm/llama.cpp/./convert-hf-to-gguf.py", line'
    " 2079, in main\n"
    '    model_class = Model.from_model_architecture(hparams["architectures"][0])\n'
    '  File "/home/zhangyuanfeng/software/ollama/llm/llama.cpp/./convert-hf-to-gguf.py", line'
    " 215, in from_model_architecture\n"
    "    raise NotImplementedError(f'Architecture {arch!r} not supported!') from None\n"
    "NotImplementedError: Architecture 'MultiModalityCausalLM' not supported!\n"
)

# ggml-org/llama.cpp#6718: the converter's command and its exception, no traceback
CONVERTER_COMMAND = (
    "$ python3 ./convert-hf-to-gguf.py ./model --outtype f16 --outfile converted.bin \n"
    "NotImplementedError: Architecture 'M2M100ForConditionalGeneration' not supported!\n"
)

# l-sf/Track-trt#12: torch.onnx's exporter refuses the opset the script asks for
EXPORTER = (
    "Traceback (most recent call last):\n"
    '  File "export_onnx.py", line 64, in <module>\n'
    "    main()\n"
    '  File "export_onnx.py", line 45, in main\n'
    "    torch.onnx.export(\n"
    '  File "/home/c/anaconda3/envs/ostrack/lib/python3.8/site-packages/torch/onnx/__init__.py",'
    " line 275, in export\n"
    "    return utils.export(model, args, f, export_params, verbose, training,\n"
    '  File "/home/c/anaconda3/envs/ostrack/lib/python3.8/site-packages/torch/onnx/utils.py",'
    " line 88, in export\n"
    "    _export(model, args, f, export_params, verbose, training, input_names, output_names,\n"
    '  File "/home/c/anaconda3/envs/ostrack/lib/python3.8/site-packages/torch/onnx/utils.py",'
    " line 672, in _export\n"
    "    _set_opset_version(opset_version)\n"
    '  File "/home/c/anaconda3/envs/ostrack/lib/python3.8/site-packages/torch/onnx/symbolic_hel'
    'per.py", line 783, in _set_opset_version\n'
    '    raise ValueError("Unsupported ONNX opset version: " + str(opset_version))\n'
    "ValueError: Unsupported ONNX opset version: 15\n"
)

# lionel-w2/FAP#5: the trainer's step raises while the job runs
TRAINING = (
    "Traceback (most recent call last):\n"
    '  File "/data1/mazc/cx/FAP/train.py", line 244, in <module>\n'
    "    main(args)\n"
    '  File "/data1/mazc/cx/FAP/train.py", line 187, in main\n'
    "    trainer.train()\n"
    '  File "/data1/mazc/cx/FAP/Dassl/dassl/engine/trainer.py", line 386, in train\n'
    "    super().train(self.start_epoch, self.max_epoch)\n"
    '  File "/data1/mazc/cx/FAP/Dassl/dassl/engine/trainer.py", line 250, in train\n'
    "    self.run_epoch()\n"
    '  File "/data1/mazc/cx/FAP/Dassl/dassl/engine/trainer.py", line 596, in run_epoch\n'
    "    loss_summary = self.forward_backward(batch)\n"
    '  File "/data1/mazc/cx/FAP/trainers/fap.py", line 347, in forward_backward\n'
    "    raise NotImplementedError\n"
    "NotImplementedError\n"
)

# jackboyla/GLiREL#23: transformers converts a slow tokenizer while a program loads it; the
# module is named convert_*, but no converter program runs
TOKENIZER = (
    "Traceback (most recent call last):\n"
    '  File "/home/otts/storage/envs/glirel/lib/python3.10/site-packages/transformers/convert_sl'
    'ow_tokenizer.py", line 1737, in convert_slow_tokenizer\n'
    "    ).converted()\n"
    '  File "/home/otts/storage/envs/glirel/lib/python3.10/site-packages/transformers/convert_sl'
    'ow_tokenizer.py", line 1631, in converted\n'
    "    tokenizer = self.tokenizer()\n"
)


# ai4ce/Occ4cast#4: a dataset's converter script (run_convert.sh, "Start converting dataset")
DATA_CONVERTER = (
    "Start converting dataset, scene: 8 - 9\n"
    "Traceback (most recent call last):\n"
    '  File "/home/huanghh1519/Repo/Occ4cast-main/data_processing/apolloscape/convert_apollo.py",'
    " line 164, in <module>\n"
    "    trip_id, segment_id = id_mapping[i]\n"
    "KeyError: 8\n"
)


def _first(text: str) -> tuple[str, str]:
    first = explain_text(text)[0]
    return first.signature_id, first.layer


def test_a_converter_scripts_failure_is_the_builds() -> None:
    assert converting(frames_of(read_frames(CONVERTER.encode())))
    assert _first(CONVERTER) == ("class.code.unsupported-configuration", "build")


def test_a_converter_named_on_its_command_line_is_a_build() -> None:
    assert _first(CONVERTER_COMMAND) == ("class.code.unsupported-configuration", "build")


def test_an_export_through_torch_onnx_is_a_build() -> None:
    assert layer_of(frames_of(read_frames(EXPORTER.encode()))) == "build"
    assert _first(EXPORTER)[1] == "build"


def test_the_same_refusal_in_a_running_job_stays_an_operation() -> None:
    assert not converting(frames_of(read_frames(TRAINING.encode())))
    assert _first(TRAINING) == ("class.code.project-bug", "operator_execution")


def test_an_installed_modules_converter_is_no_converter_program() -> None:
    assert not converting(frames_of(read_frames(TOKENIZER.encode())))


def test_a_data_converter_is_no_model_conversion() -> None:
    # review33: a convert*.py that converts data, not a model, is the job's own code
    assert not converting(frames_of(read_frames(DATA_CONVERTER.encode())))
    assert _first(DATA_CONVERTER)[1] != "build"
