"""nvcc's host-compiler check for Visual Studio, as the GCC one (outsider test 22 item 14).

Real lines; the issue each is from beside it.
"""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


@pytest.mark.parametrize(
    ("line", "accepted"),
    [
        # https://github.com/facebookresearch/sam2/issues/53 (CUDA 12.1)
        (
            r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.1\include\crt/host_config.h"
            r"(153): fatal error C1189: #error:  -- unsupported Microsoft Visual Studio version! "
            "Only the versions between 2017 and 2022 (inclusive) are supported! The nvcc flag "
            "'-allow-unsupported-compiler' can be used to override this version check",
            "between 2017 and 2022",
        ),
        # https://github.com/gprMax/gprMax/issues/312 (CUDA 11.2)
        (
            r"tmpjn5i8cgy.cu\r\nC:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\"
            r"include\\crt/host_config.h(160): fatal error C1189: #error:  -- unsupported "
            "Microsoft Visual Studio version! Only the versions between 2017 and 2019 "
            "(inclusive) are supported!",
            "between 2017 and 2019",
        ),
        # https://github.com/opencv/opencv/issues/14317 (CUDA 9.0)
        (
            r"17>c:\program files\nvidia gpu computing toolkit\cuda\v9.0\include\crt/host_config.h"
            "(133): fatal error C1189: #error:  -- unsupported Microsoft Visual Studio version! "
            "Only the versions 2012, 2013, 2015 and 2017 are supported!",
            "2012, 2013, 2015 and 2017",
        ),
    ],
)
def test_an_unsupported_visual_studio_is_a_build_version_fault(line: str, accepted: str) -> None:
    first = explain_text(line + "\n")[0]
    assert (first.signature_id, first.layer) == ("cuda.build.nvcc-unsupported-msvc", "build")
    assert f"Visual Studio {accepted} only" in first.cause
    assert first.confidence == "high"
