"""Tables of measurements state no requirement (outsider report 26, defect 1): a model zoo's
performance table is no version table. Every case is a real line, quoted with its repository,
file and commit, unless marked constructed."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from cpuclock import cpu_seconds


def _found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line) for r in extract_docs(file).requirements]


# shanshuo/MindSpeed-MM@dc326082 README.md:718-742 (the table's first row)
_MODEL_TABLE = """<table>
  <caption><a href="https://gitee.com/ascend/ModelZoo-PyTorch/tree/master/PyTorch/built-in/mm">其他已适配昇腾的多模态大模型</a></caption>
  <thead>
    <tr>
      <th>模型</th>
      <th>参数量</th>
      <th>任务</th>
      <th>集群</th>
      <th>精度格式</th>
      <th>NPU性能</th>
      <th>参考性能</th>
      <th>认证</th>
    </tr>
  </thead>
  <tbody>
    <tr>
      <td><a href="https://gitee.com/ascend/ModelZoo-PyTorch/tree/master/PyTorch/built-in/mm/CogVLM2">CogVLM-2</a></td>
      <td><a href="https://github.com/THUDM/CogVLM2">8B</a></td>
      <td> 微调 </td>
      <td> 1x8 </td>
      <td> BF16 </td>
      <td> 3.9 (s/it) </td>
      <td> 3.3 (s/it) </td>
      <td>【Pass】</td>
    </tr>
  </tbody>
</table>
"""


def test_a_model_performance_table_pins_no_package() -> None:
    # was pypi:cogvlm-2 ==3.9.* (and qwen2-vl ==34.15.* from README.md:630, same columns)
    assert _found(_MODEL_TABLE) == []


def test_a_table_whose_cells_carry_units_is_measurements_whatever_its_header() -> None:
    # constructed: the table above with its measure columns' headers renamed to plain words
    plain = _MODEL_TABLE.replace("NPU性能", "NPU").replace("参考性能", "参考")
    assert _found(plain) == []


def test_a_measured_table_s_tested_torch_column_is_no_pin() -> None:
    # shanshuo/MindSpeed-MM@dc326082 examples/diffusers/flux/README.md:392-395: the torch the
    # throughput was measured with, and "E2E（it/s）" was read as a package pypi:e2e
    table = (
        "| 芯片 | 卡数 |     任务     |  E2E（it/s）  |  AMP_Type | Torch_Version |\n"
        "|:---:|:---:|:----------:|:-----:|:---:|:---:|\n"
        "| Atlas 900 A2 PODc |8p |  文生图  | 1.16 | bf16 | 2.1 |\n"
        "| 竞品A | 8p |  文生图  | 1.82 | bf16 | 2.1 |\n"
    )
    assert _found(table, "examples/diffusers/flux/README.md") == []


def test_a_version_table_stays_read() -> None:
    # momo609/mindspeed@7e624cf1 README.md:54-61 ("当前版本推荐配套表"): bare numbers, no units
    table = (
        "| 软件               | 版本                       |\n"
        "|------------------|--------------------------|\n"
        "| MindSpeed Core分支 | 0.16.0                   |\n"
        "| Mcore版本          | 0.16.0                   |\n"
        "| CANN版本           | 9.0.0                  |\n"
        "| PyTorch          | 2.7.1             |\n"
        "| torch_npu版本      | 26.0.0                  |\n"
        "| Python版本         | Python3.10.x |\n"
    )
    found = _found(table)
    assert ("cann", "==9.0.0", 5) in found
    assert ("torch", "==2.7.1", 6) in found
    assert ("pypi:megatron-core", "==0.16.0", 4) in found


# shanshuo/MindSpeed-MM@dc326082 examples/diffusers/flux/README.md:296-299 (outsider26 re-test
# N1: the FPS column was read as pypi:fps ==55.23.* || ==53.65.*)
_FPS_TABLE = (
    "| 芯片 | 卡数 |     任务     |  FPS  | batch_size | AMP_Type | Torch_Version | deepspeed |\n"
    "|:---:|:---:|:----------:|:-----:|:----------:|:---:|:---:|:---:|\n"
    "| Atlas 900 A2 PODc | 8p | Flux-全参微调  |  55.23  |     16      | bf16 | 2.1 | ✔ |\n"
    "| 竞品A | 8p | Flux-全参微调  |  53.65 |     16      | bf16 | 2.1 | ✔ |\n"
)


def test_a_column_headed_by_a_unit_of_measure_is_measurements() -> None:
    assert _found(_FPS_TABLE, "examples/diffusers/flux/README.md") == []


def test_a_bare_capitals_column_of_decimals_names_no_package() -> None:
    # constructed: the table above with "FPS" renamed to a metric no header list knows ("MMLU")
    # and to a lower-case name: capitals name a metric, and bare decimals are measurements
    for header in ("MMLU", "score_x"):
        found = _found(_FPS_TABLE.replace("FPS", header), "examples/diffusers/flux/README.md")
        assert not any(subject.startswith("pypi:") for subject, _, _ in found), header


def test_a_bare_named_component_column_of_releases_stays_read() -> None:
    # constructed: Ascend/MindSpeed-MM@57069cd5 README.md:203's release matrix with its
    # version words dropped from the headers; a release's three parts name a release
    table = "| MindSpeed MM | MindSpeed | CANN |\n|---|---|---|\n| 2.1.0 | 2.1.0 | 8.1.RC1 |\n"
    assert ("pypi:mindspeed", "==2.1.0", 1) in _found(table)


# uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119 MULTI_LANG_PLAN.md:342-345
# (outsider11 #8: the Ratio column was read as pypi:ratio ==2.7.* || ==2.4.* ...)
_RATIO_TABLE = (
    "| Kernel | CUDA | Triton | TileLang | Ratio |\n"
    "|--------|------|--------|----------|-------|\n"
    "| Embedding | ~80 | ~40 | ~30 | 2.7:1.3:1 |\n"
    "| KV Store | ~60 | ~35 | ~25 | 2.4:1.4:1 |\n"
)


def test_a_column_of_ratios_names_no_package() -> None:
    found = _found(_RATIO_TABLE, "MULTI_LANG_PLAN.md")
    assert not any(subject.startswith("pypi:") for subject, _, _ in found)
    # the same table with releases in the last column still names its component
    releases = _RATIO_TABLE.replace("2.7:1.3:1", "2.7.1").replace("2.4:1.4:1", "2.4.0")
    assert ("pypi:ratio", "==2.7.1 || ==2.4.0", 1) in _found(releases, "MULTI_LANG_PLAN.md")


def test_a_long_cell_after_a_digit_is_read_in_linear_time() -> None:
    """review30: ``_RELEASE_FORM`` split a run of letters in exponentially many ways, so one
    40-letter cell after a digit ("1abcdefghijklmnopqrstuvwxyzabcdefghijklm!") hung the scan;
    dotted runs were quadratic. Each must now be read at once, and releases still be."""

    from bringup.scan.releasematrix import _RELEASE_FORM

    for cell in ("1" + "a" * 40 + "!", "1" + ".1" * 20000 + "!", "1" + "-a1.2" * 10000 + "!"):
        started = cpu_seconds()
        assert _RELEASE_FORM.match(cell) is None
        assert cpu_seconds() - started < 5
    for release in ("0.9.1", "v0.1.0", "2.1.0.post3 (x86)", "1.0.0rc1", "2.1.0+cu118"):
        assert _RELEASE_FORM.match(release)
