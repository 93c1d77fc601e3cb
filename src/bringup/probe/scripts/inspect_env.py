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


def _from_metadata(paths: List[str]) -> Optional[Dict[str, str]]:
    try:
        from importlib import metadata
    except ImportError:
        return None
    found = {}  # type: Dict[str, str]
    for dist in metadata.distributions(path=paths):
        name = dist.metadata["Name"]
        if name and _normalise(name) not in found:
            found[_normalise(name)] = dist.version
    return found


def _from_dist_info(paths: List[str]) -> Dict[str, str]:
    """Python < 3.8: read ``*.dist-info/METADATA`` and ``*.egg-info/PKG-INFO`` by hand."""
    found = {}  # type: Dict[str, str]
    for directory in paths:
        try:
            entries = sorted(os.listdir(directory))
        except OSError:
            continue
        for entry in entries:
            if not entry.endswith((".dist-info", ".egg-info")):
                continue
            for meta in ("METADATA", "PKG-INFO"):
                path = os.path.join(directory, entry, meta)
                if not os.path.isfile(path):
                    continue
                fields = {}  # type: Dict[str, str]
                with open(path, encoding="utf-8", errors="replace") as handle:
                    for line in handle:
                        if not line.strip():
                            break
                        key, _, value = line.partition(":")
                        fields.setdefault(key.strip(), value.strip())
                if fields.get("Name") and _normalise(fields["Name"]) not in found:
                    found[_normalise(fields["Name"])] = fields.get("Version", "")
    return found


def main() -> None:
    paths = [p for p in sys.argv[1:] if os.path.isdir(p)] + list(sys.path)
    in_venv = getattr(sys, "base_prefix", sys.prefix) != sys.prefix
    user_site = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    # -I drops the user site; a plain run of this interpreter outside a venv would add it.
    if not in_venv and user_site and os.path.isdir(user_site) and user_site not in paths:
        paths.append(user_site)
    packages = _from_metadata(paths)
    if packages is None:
        packages = _from_dist_info(paths)
    report = {
        "executable": os.path.realpath(sys.executable),
        "version": platform.python_version(),
        "implementation": sys.implementation.name,
        "prefix": sys.prefix,
        "base_prefix": getattr(sys, "base_prefix", sys.prefix),
        "packages": sorted([name, version] for name, version in packages.items()),
    }
    sys.stdout.write(json.dumps(report))


if __name__ == "__main__":
    main()
