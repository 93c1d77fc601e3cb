"""npu-irc check FILE | npu-irc fmt FILE: type-check or reformat a kernel IR file.
Exit 0 when the file is well-typed, 1 with ``FILE:line:column: message`` otherwise."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from npu_toolchain.ir import IRError, check, parse, render


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="npu-irc")
    parser.add_argument("action", choices=["check", "fmt"])
    parser.add_argument("file")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as stream:
            source = stream.read()
    except OSError as error:
        print(f"npu-irc: {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        module = parse(source)
        types = check(module)
    except IRError as error:
        print(f"{args.file}:{error}", file=sys.stderr)
        return 1
    if args.action == "fmt":
        sys.stdout.write(render(module))
    else:
        for name, values in types.items():
            print(f"{name}: {len(values)} values, ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
