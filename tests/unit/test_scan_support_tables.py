"""Documents that state support: installers built for Linux, support and compatibility tables
(product x OS x arch, release matrices, tested environments), chip lists (issue 11: classes
M2, M6, M17 and W6 of /work/notes/scan9-analysis.md). Every case is a real line, quoted with
its repository, file and commit."""

from __future__ import annotations

import msgspec

from bringup.scan.anyof import unite
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import PROSE


def _found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements]


def _os(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    return [r for r in _found(text, rel) if r[0] == "os"]


def test_a_package_for_linux_and_a_placeholder_cpu_is_built_for_linux() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:152 (the wheel's naming rule)
    line = (
        "    `--python`参数为指定编译过程中使用的Python版本，"
        "支持Python 3.8及以上版本，缺省值为 3.8。"
        "生成的whl包在`DrivingSDK/dist`目录下, 命名规则为`mx_driving-1.0.0+git{commit_id}-"
        "cp{Python_version}-linux_{arch}.whl`。\n"
    )
    assert _os(line, "docs/zh/installation/compile.md") == [("os", "linux", 1, False)]
    # hicann/hixl@9ed283b2 docs/en/build.md:64-67 (in a code block)
    block = (
        "    ```bash\n"
        "    # Ensure that the installation package is executable\n"
        "    chmod +x Ascend-cann-toolkit_${cann_version}_linux-${arch}.run\n"
        "    ```\n"
    )
    assert _os(block, "docs/en/build.md") == [("os", "linux", 3, False)]
    # hicann/pyasc@cecba26a docs/quick_start.md:173 and Ascend/MindSpeed@028de58c
    # docs/zh/user-guide/install_guide.md:48: the CPU as `uname -m` or <arch>
    for text in (
        "```bash\nchmod +x Ascend-cann-toolkit_${cann_version}_linux-$(uname -m).run\n```\n",
        "```shell\nbash Ascend-cann-toolkit_<version>_linux-<arch>.run --install\n```\n",
    ):
        assert _os(text) == [("os", "linux", 2, False)], text
    # a placeholder that is no CPU names no platform (Ascend/AscendSpeed@e35df80d README.md:49)
    assert _os("```bash\npip install apex-0.1_ascend_XXXX-cp37-cp37m-linux_XXXX.whl\n```\n") == []
    assert _os("```bash\ntar xf pkg-linux-${version}.tar.gz\n```\n") == []


def test_every_line_naming_a_linux_package_is_cited_beside_the_first() -> None:
    # hicann/hixl@9ed283b2 docs/zh/build.md:67 (the CANN toolkit installed) and :207 (the
    # package the build makes): one statement, every place kept
    text = (
        "```bash\n./Ascend-cann-toolkit_${cann_version}_linux-${arch}.run --install\n```\n\n"
        "成功编译后会在build_out目录下生成`cann-hixl_${cann_version}_linux-${arch}.run`。\n"
    )
    file = SourceFile(ref="docs/zh/build.md", rel="docs/zh/build.md", text=text)
    (found,) = [r for r in extract_docs(file).requirements if r.subject == "os"]
    assert (found.source.line, [s.line for s in found.also_at]) == (2, [5])


def test_a_soft_list_a_hard_list_already_names_joins_it() -> None:
    # Ascend/MindIE-SD@30661895 docs/zh/installation.md:9 ("* OS: Linux", a need) and
    # docs/en/installing_guide.md:135 (a `..._linux-<arch>_<abi>.run` package: soft)
    need = SourceFile(ref="zh.md", rel="zh.md", text="### 安装依赖\n\n* OS: Linux\n")
    package = SourceFile(
        ref="en.md",
        rel="en.md",
        text="```bash\nchmod +x Ascend-mindie_<version>_linux-<arch>_<abi>.run\n```\n",
    )
    found = [r for f in (need, package) for r in extract_docs(f).requirements]
    (united,) = unite(found, {"zh.md": PROSE, "en.md": PROSE})
    assert (united.spec, united.hard, united.source.ref) == ("linux", True, "zh.md")
    assert [s.ref for s in united.also_at] == ["en.md"]
    # a soft list naming more than the hard one is a list of its own
    soft = msgspec.structs.replace(found[0], spec="linux,windows", hard=False)
    assert len(unite([found[0], soft], {"zh.md": PROSE})) == 2
