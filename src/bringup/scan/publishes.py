"""Commands that publish, deploy or push: what leaves the machine for other people
(``twine upload``, ``python setup.py sdist upload``, ``docker push``, ``npm publish``, ``gh
release``, ``git push``, ``helm install``, ``kubectl apply``, ``scp``/``rsync`` to a remote).
A bring-up never runs one: a maintainer's workstation holds the credentials, so ``make all``
of PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/Makefile:5 would upload to PyPI (line 14).

A command is read the way the shell runs it: the string of ``bash -c``, the command of a
runner (``conda run``, ``uv run``), the verb past a program's global options (``git -C dir
push``), so a spelling of the same act is the same act (review24 M6)."""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.scan.commands import parse_commands, run_program

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
    "git": frozenset({"push"}),
    "helm": frozenset({"install", "upgrade", "push"}),
    "kubectl": frozenset({"apply", "create", "replace", "patch", "rollout"}),
    "mvn": frozenset({"deploy"}),
    "coscmd": frozenset({"upload"}),
    "docker-compose": frozenset({"push"}),
}
"""A program and the first word of its arguments that publishes (``docker push``)."""

_VERB_PAIRS: dict[str, frozenset[tuple[str, str]]] = {
    "docker": frozenset(
        {("image", "push"), ("manifest", "push"), ("buildx", "imagetools")}
    ),
    "podman": frozenset({("image", "push"), ("manifest", "push")}),
    "gh": frozenset(
        {("release", "create"), ("release", "upload"), ("pr", "create"), ("pr", "merge"),
         ("repo", "create"), ("gist", "create")}
    ),
}  # fmt: skip
"""A program and the two first words that publish (``docker image push``, ``gh release
create``; ``gh release download`` only reads)."""

_GLOBAL_VALUES: dict[str, frozenset[str]] = {
    "git": frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"}),
    "docker": frozenset({"--context", "-c", "--host", "-H", "--config", "--log-level", "-l"}),
    "podman": frozenset({"--connection", "-c", "--url", "--root", "--runroot", "--log-level"}),
    "kubectl": frozenset({"-n", "--namespace", "--context", "--kubeconfig", "--cluster"}),
    "helm": frozenset({"-n", "--namespace", "--kube-context", "--kubeconfig"}),
    "gh": frozenset({"-R", "--repo"}),
    "npm": frozenset({"--prefix", "-w", "--workspace"}),
    "aws": frozenset({"--profile", "--region", "--endpoint-url", "--output"}),
    "gsutil": frozenset({"-o", "-h", "-u"}),
    "docker-compose": frozenset(
        {"-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory"}
    ),
}
"""Options of a program that take the next word as their value, before its verb
(``git -C "$REPO_DIR" push origin master``)."""

_RUNNERS: dict[str, str] = {
    "conda": "run", "mamba": "run", "micromamba": "run", "uv": "run", "poetry": "run",
    "pdm": "run", "pipenv": "run", "hatch": "run", "pixi": "run", "uvx": "", "pipx": "run",
}  # fmt: skip
"""Programs that run the command given after their word (``conda run -n env twine
upload``, ``uvx twine upload``)."""

_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh"})

_CLOUD_COPIES: dict[str, frozenset[str]] = {
    "aws": frozenset({"cp", "sync", "mv"}),
    "gsutil": frozenset({"cp", "rsync", "mv"}),
    "gcloud": frozenset({"cp", "rsync", "mv"}),
    "azcopy": frozenset({"copy", "cp", "sync"}),
    "obsutil": frozenset({"cp", "sync", "mv"}),
    "ossutil": frozenset({"cp", "sync"}),
    "ossutil64": frozenset({"cp", "sync"}),
    "rclone": frozenset({"copy", "sync", "move", "copyto"}),
    "skopeo": frozenset({"copy", "sync"}),
}
"""Cloud and registry tools whose copy sends to a remote when its destination, the last
word, is a ``scheme://`` location (``aws s3 cp dist/x s3://b/x``; ``obsutil cp obs://b/x
./`` only downloads)."""

_SCHEME = lazyre.compile(r"^[\"']?[a-z][a-z0-9+.-]*://")
_RCLONE_REMOTE = lazyre.compile(r"^[A-Za-z0-9_-]+:")
_LOCAL_URL = lazyre.compile(
    r"^[\"']?(?:[a-z]+://)?(?:[^/@\s]*@)?(?:localhost|127\.[0-9.]+|0\.0\.0\.0|\[::1?\])(?:[:/]|$)"
)
_CURL_UPLOADS = frozenset({"-T", "--upload-file"})
_CURL_VALUED = frozenset(
    {"-T", "--upload-file", "-F", "--form", "-o", "--output", "-H", "--header", "-d", "--data",
     "--data-binary", "--data-raw", "--data-urlencode", "-u", "--user", "-X", "--request",
     "-A", "--user-agent", "-e", "--referer", "-b", "--cookie", "-c", "--cookie-jar",
     "--cacert", "--cert", "--key", "-x", "--proxy", "-m", "--max-time", "--connect-timeout",
     "-w", "--write-out", "-K", "--config", "--retry", "-r", "--range"}
)  # fmt: skip
"""curl's options that take the next word as their value (``curl --help all``); ``--url``'s
value is a URL, so it is not among them."""
_CURL_SHORT_VALUED = frozenset("TFodHuXAebcxmwKr")
"""The short options of ``_CURL_VALUED``: the last of a group (``-sT file``) takes the next word."""
_VARIABLE = lazyre.compile(r"^[\"']?\$")
_CURL_FORMS = frozenset({"-F", "--form"})

_SETUP_UPLOADS = frozenset({"upload", "register", "upload_docs"})
"""``python setup.py sdist upload``: setuptools' commands that send to an index."""

_REMOTE = lazyre.compile(r"^(?:rsync://|[^\s/:=-][^\s/:=]*:(?!//))")
"""A remote path of ``scp``/``rsync``: ``host:path``, ``user@host:path``, ``$(HOST):path``,
``rsync://``."""


def _verbs(program: str, args: Sequence[str]) -> list[str]:
    """The words of ``args`` that are not options nor the values of ``program``'s global
    options."""
    valued = _GLOBAL_VALUES.get(program, frozenset())
    words: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in valued and not words
        else:
            words.append(arg)
    return words


def _shell_string(args: Sequence[str]) -> str | None:
    """The command string of ``bash -c STRING`` (``-c``, ``-lc``, ``-ec``), None without one:
    the first word past the shell's options, when one of them is ``c``."""
    given = False
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith(("-", "+")):
            given = given or (arg[1:2] != "-" and "c" in arg[1:])
            skip = arg in ("-o", "+o", "-O", "+O")
        else:
            return arg if given else None
    return None


def _run_by(program: str, args: Sequence[str]) -> str | None:
    """What the command a runner (``conda run -n env CMD``) or a shell's ``-c`` string runs
    publishes, None when nothing."""
    if program in _SHELLS:
        string = _shell_string(args)
        if string is None:
            return None
        return next(filter(None, (publishing(c.argv) for c in parse_commands(string))), None)
    word = _RUNNERS.get(program)
    if word is None or (word and list(args[:1]) != [word]):
        return None
    rest = args[1:] if word else args
    after_option = False
    for index, arg in enumerate(rest):
        if arg.startswith("-"):
            after_option = "=" not in arg
            continue
        found = publishing(rest[index:])
        if found is not None or not after_option:
            return found
        after_option = False  # the word was that option's value; the next is the command
    return None


def _copies_out(program: str, words: Sequence[str]) -> bool:
    """A cloud tool's copy whose destination is a remote (``aws s3 cp x s3://b``)."""
    verbs = _CLOUD_COPIES.get(program)
    if verbs is None or len(words) < 3 or not verbs.intersection(words[:2]):
        return False
    target = words[-1]
    if program == "rclone":
        return bool(_RCLONE_REMOTE.match(target)) and not _SCHEME.match(target)
    if _VARIABLE.match(target):
        # the destination is only known when the script runs: a copy from local files to
        # it can only be sending them out (review24 M6: ``aws s3 cp dist/x "$DEST"``)
        verb = next(i for i, word in enumerate(words[:2]) if word in verbs)
        return not any(_SCHEME.match(w) or _VARIABLE.match(w) for w in words[verb + 1 : -1])
    return bool(_SCHEME.match(target)) and not target.lstrip("\"'").startswith("file://")


def _curl_urls(args: Sequence[str]) -> list[str]:
    """The URLs of a curl command: its words that are no option nor an option's value (curl
    takes ``host/path`` without a scheme as http; review24 M6)."""
    urls: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in _CURL_VALUED or bool(_short_option(arg))
        else:
            urls.append(arg)
    return urls


def _curl_uploads(args: Sequence[str]) -> bool:
    """``curl -T file URL``/``--upload-file``, ``-F name=@file`` to a host not this one (a URL
    in a variable is not known to be this one)."""
    urls = _curl_urls(args)
    if not urls or all(_LOCAL_URL.match(u) for u in urls):
        return False
    for index, arg in enumerate(args):
        value = args[index + 1] if index + 1 < len(args) else ""
        short = _short_option(arg)
        if arg in _CURL_UPLOADS or short == "-T" or arg.startswith("--upload-file="):
            return True
        if (arg in _CURL_FORMS or short == "-F") and "=@" in value:
            return True
        if arg.startswith("--form=") and "=@" in arg:
            return True
    return False


def _short_option(arg: str) -> str:
    """The option of a group of curl's short options that takes the next word (``-sT`` →
    ``-T``), empty when none does."""
    grouped = len(arg) > 2 and arg[0] == "-" and arg[1:].isalpha()
    return f"-{arg[-1]}" if grouped and arg[-1] in _CURL_SHORT_VALUED else ""


def _pushes(program: str, args: Sequence[str], words: Sequence[str]) -> str | None:
    """``docker image push``, ``gh release create``, ``docker compose -f x push``, ``docker
    buildx build --push``: the words that publish, None when none."""
    pair = tuple(words[:2])
    if pair in _VERB_PAIRS.get(program, frozenset()):
        return f"{program} {' '.join(pair)}"
    if program not in ("docker", "podman"):
        return None
    if words[:1] == ["compose"]:
        inner = args[list(args).index("compose") + 1 :]
        return "docker compose push" if "push" in _verbs("docker-compose", inner)[:1] else None
    building = words[:1] == ["build"] or pair in (("buildx", "build"), ("buildx", "bake"))
    return f"{program} build --push" if building and "--push" in args else None


def publishing(argv: Sequence[str]) -> str | None:
    """The words of ``argv`` that publish, deploy or push (``twine upload``, ``setup.py
    upload``, ``scp`` to a remote), or None."""
    program, args = run_program(tuple(argv))
    if program.startswith("python") and args[:2] and args[0] == "-m":
        program, args = args[1], args[2:]
    if program.startswith("python") and args and args[0].endswith("setup.py"):
        uploads = [a for a in args[1:] if a in _SETUP_UPLOADS]
        return f"setup.py {uploads[0]}" if uploads else None
    inner = _run_by(program, args)
    if inner is not None:
        return inner
    words = _verbs(program, args)
    verbs = _VERBS.get(program)
    if verbs is not None and words and words[0] in verbs:
        return f"{program} {words[0]}"
    pushed = _pushes(program, args, words)
    if pushed is not None:
        return pushed
    if _copies_out(program, words):
        return f"{program} copy to a remote"
    if program == "curl" and _curl_uploads(args):
        return "curl upload"
    if program in ("scp", "rsync") and any(_REMOTE.match(a) for a in words):
        return f"{program} to a remote"
    return None
