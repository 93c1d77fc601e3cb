"""npu-prof --output DIR -- PROGRAM [ARGS...]: profile a program on the NPU with msprof."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional

from npu_toolchain.profiler.msprof import ProfilerError, profile


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="npu-prof")
    parser.add_argument("--output", type=Path, default=Path("prof"))
    parser.add_argument("application", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    application = args.application[1:] if args.application[:1] == ["--"] else args.application
    try:
        return profile(application, args.output)
    except ProfilerError as error:
        print(f"npu-prof: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
