"""Run *inside* a target interpreter (``python -I inspect_env.py [EXTRA_PATH...]``): print the
interpreter's identity and its installed distributions as one JSON object.

Standard library only and Python 3.6-safe: it runs in whatever interpreter the user's stack
uses, not in bringup's. It never imports the packages it lists (reading metadata is enough,
and importing torch would take seconds). ``-I`` keeps the caller's environment out; the
caller passes the directories the user's PYTHONPATH would add as arguments.
"""

import json
import os
import platform
import re
import site
import sys
from typing import Dict, List, Optional


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _from_metadata_file(path: str) -> Optional[List[str]]:
    """Name and Version from the header of a METADATA / PKG-INFO file."""
    fields = {}  # type: Dict[str, str]
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        return None
    if not fields.get("Name"):
        return None
    return [fields["Name"], fields.get("Version", "")]


def _installed(paths: List[str]) -> Dict[str, str]:
    """Installed distributions on ``paths``, first one of each name winning as at import.

    A ``.dist-info`` directory's name is ``{name}-{version}`` (the wheel and installed-project
    specs), so reading it costs one listdir; importlib.metadata parses every METADATA file
    (about 15 times slower for 100 packages). Only names that do not carry a version
    (``foo.egg-info`` from ``setup.py develop``) have their metadata file read."""
    found = {}  # type: Dict[str, str]
    for directory in paths:
        try:
            entries = sorted(os.listdir(directory))
        except OSError:
            continue
        for entry in entries:
            stem, dot, suffix = entry.rpartition(".")
            if not dot or suffix not in ("dist-info", "egg-info"):
                continue
            name, dash, version = stem.partition("-")
            if suffix == "egg-info":
                version = version.split("-py")[0]
            if not dash or not version[:1].isdigit():
                meta = os.path.join(directory, entry)
                if os.path.isdir(meta):
                    meta = os.path.join(meta, "METADATA" if suffix == "dist-info" else "PKG-INFO")
                header = _from_metadata_file(meta)
                if header is None:
                    continue
                name, version = header
            found.setdefault(_normalise(name), version)
    return found


def _program(in_venv: bool) -> str:
    """The interpreter's program, links resolved. A venv's ``bin/python`` links to its base
    interpreter, yet it is an interpreter of its own (its prefix, its site-packages): only
    its folder is resolved, so its packages are never filed under the base's name."""
    if not in_venv:
        return os.path.realpath(sys.executable)
    folder, name = os.path.split(os.path.abspath(sys.executable))
    return os.path.join(os.path.realpath(folder), name)


def main() -> None:
    paths = [p for p in sys.argv[1:] if os.path.isdir(p)] + list(sys.path)
    in_venv = getattr(sys, "base_prefix", sys.prefix) != sys.prefix
    user_site = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    # -I drops the user site; a plain run of this interpreter outside a venv would add it.
    if not in_venv and user_site and os.path.isdir(user_site) and user_site not in paths:
        paths.append(user_site)
    packages = _installed(paths)
    report = {
        "executable": _program(in_venv),
        "version": platform.python_version(),
        "implementation": sys.implementation.name,
        "prefix": sys.prefix,
        "base_prefix": getattr(sys, "base_prefix", sys.prefix),
        "packages": sorted([name, version] for name, version in packages.items()),
    }
    sys.stdout.write(json.dumps(report))


if __name__ == "__main__":
    main()
