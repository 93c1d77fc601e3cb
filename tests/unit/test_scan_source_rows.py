"""A build guide's table of third-party sources with links to their archives: what the build
downloads (a ``network`` need), not Python distributions. Real lines, quoted with their
repository, file and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def test_a_table_of_source_archives_is_a_download_not_pypi() -> None:
    # hicann/opbase@aa3cd74b docs/QUICKSTART.md:30-41
    text = (
        "### 安装第三方依赖\n\n"
        "本项目编译过程依赖的第三方开源软件列表如下：\n\n"
        "| 开源软件   | 版本       | 下载地址"
        "                                                     |\n"
        "| ---------- | ---------- |"
        " ------------------------------------------------------------ |\n"
        "| json       | 3.11.3     | [json-3.11.3.tar.gz](https://cann-3rd.obs.cn-north-4.myhuaweicloud.com"
        "/json/json-3.11.3.tar.gz) |\n"
        "| protobuf   | 25.1       | [protobuf-25.1.tar.gz](https://cann-3rd.obs.cn-north-4.myhuaweicloud.com"
        "/protobuf/protobuf-25.1.tar.gz) |\n"
    )
    file = SourceFile(ref="docs/QUICKSTART.md", rel="docs/QUICKSTART.md", text=text)
    found = extract_docs(file).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        (
            "network",
            "https://cann-3rd.obs.cn-north-4.myhuaweicloud.com/json/json-3.11.3.tar.gz",
            7,
            False,
        ),
        (
            "network",
            "https://cann-3rd.obs.cn-north-4.myhuaweicloud.com/protobuf/protobuf-25.1.tar.gz",
            8,
            False,
        ),
    ]
