"""Commands that publish, deploy or push: what leaves the machine for other people
(``twine upload``, ``python setup.py sdist upload``, ``docker push``, ``npm publish``, ``gh
release``, ``git push``, ``helm install``, ``kubectl apply``, ``scp``/``rsync`` to a remote).
A bring-up never runs one: a maintainer's workstation holds the credentials, so ``make all``
of PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/Makefile:5 would upload to PyPI (line 14)."""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.scan.commands import run_program

_VERBS: dict[str, frozenset[str]] = {
    "twine": frozenset({"upload", "register"}),
    "docker": frozenset({"push"}),
    "podman": frozenset({"push"}),
    "buildah": frozenset({"push"}),
    "npm": frozenset({"publish"}),
    "yarn": frozenset({"publish"}),
    "pnpm": frozenset({"publish"}),
    "poetry": frozenset({"publish"}),
    "flit": frozenset({"publish"}),
    "hatch": frozenset({"publish"}),
    "pdm": frozenset({"publish"}),
    "uv": frozenset({"publish"}),
    "cargo": frozenset({"publish"}),
    "gem": frozenset({"push"}),
    "anaconda": frozenset({"upload"}),
    "huggingface-cli": frozenset({"upload"}),
    "hf": frozenset({"upload"}),
    "gh": frozenset({"release"}),
    "git": frozenset({"push"}),
    "helm": frozenset({"install", "upgrade", "push"}),
    "kubectl": frozenset({"apply", "create", "replace", "patch", "rollout"}),
    "mvn": frozenset({"deploy"}),
}
"""A program and the first words of its arguments that publish (``docker push``; ``docker
manifest push`` and ``docker buildx build --push`` are read by ``_pushes``)."""

_SETUP_UPLOADS = frozenset({"upload", "register", "upload_docs"})
"""``python setup.py sdist upload``: setuptools' commands that send to an index."""

_REMOTE = lazyre.compile(r"^(?:rsync://|[^\s/:=-][^\s/:=]*:(?!//))")
"""A remote path of ``scp``/``rsync``: ``host:path``, ``user@host:path``, ``$(HOST):path``,
``rsync://``."""


def _pushes(program: str, args: Sequence[str]) -> bool:
    """``docker manifest push``, ``docker buildx build --push``."""
    if program not in ("docker", "podman"):
        return False
    words = [a for a in args if not a.startswith("-")]
    return words[:2] == ["manifest", "push"] or (
        words[:2] == ["buildx", "build"] and "--push" in args
    )


def publishing(argv: Sequence[str]) -> str | None:
    """The words of ``argv`` that publish, deploy or push (``twine upload``, ``setup.py
    upload``, ``scp`` to a remote), or None."""
    program, args = run_program(tuple(argv))
    if program.startswith("python") and args[:2] and args[0] == "-m":
        program, args = args[1], args[2:]
    if program.startswith("python") and args and args[0].endswith("setup.py"):
        uploads = [a for a in args[1:] if a in _SETUP_UPLOADS]
        return f"setup.py {uploads[0]}" if uploads else None
    verbs = _VERBS.get(program)
    words = [a for a in args if not a.startswith("-")]
    if verbs is not None and words and words[0] in verbs:
        return f"{program} {words[0]}"
    if _pushes(program, args):
        return f"{program} push"
    if program in ("scp", "rsync") and any(_REMOTE.match(a) for a in words):
        return f"{program} to a remote"
    return None
