"""The layout of a shell script read without running it (``routedirs``): which lines are its
top level's and which a function's, and which run only when a condition holds (an ``if``, a
``case``, a loop, a ``cond && {`` group). A here-document's lines are data, no commands; an
assignment's command substitution over several lines is one line."""

from __future__ import annotations

import functools

from bringup import lazyre
from bringup.scan.commands import LogicalLine

_FUNCTION = lazyre.compile(
    r"^(?:function\s+([A-Za-z_][\w:.-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w:.-]*)\s*\(\s*\))"
    r"\s*(\{?)\s*(\S?)"
)
_KEYWORD = lazyre.compile(
    r"(?:^|[;&|(]|\b(?:then|do|else|elif)\b)[ \t]*"
    r"(if|case|for|while|until|select|fi|esac|done|\{|\})(?=[\s;&|)]|$)"
)
_CLOSES = {"fi": "if", "esac": "case", "done": "loop", "}": "brace"}
_OPENS = {"if": "if", "case": "case", "for": "loop", "while": "loop", "until": "loop"}
_OPENS["select"] = "loop"
_QUOTED = r"""'[^']*'|"(?:[^"\\]|\\.)*(?:"|\\?$)"""
"""Quoted text; a double quote left open runs to the line's end (tried from each quote of
``"\\"\\"...`` in turn, a closing quote sought would scan the line again)."""
_COMMENT_TEXT = r"(?:^|\s)#.*$"
_BARE = lazyre.compile(rf"{_QUOTED}|\$\{{[^{{}}]*\}}|\$\([^()]*\)|`[^`]*`")
"""Quoted text and simple expansions."""
_HERE_DOCUMENT = lazyre.compile(
    rf"""(?<!<)<<-?[ \t]*(['"]?)([A-Za-z_]\w*)\1|{_QUOTED}"""
    rf"|\$?\(\((?:[^()]|\([^()]*\))*\)\)|{_COMMENT_TEXT}"
)
"""A here-document's start (``cat <<EOF``, ``<<-'EOF'``: the word ending it), found past quoted
text, arithmetic and comments, where ``<<`` is no redirection (``echo "cat <<EOF"``,
``$((1 << SHIFT))``, ``# <<EOF``), and not a here-string (``read a <<< word``)."""
_COMMENT = lazyre.compile(_COMMENT_TEXT)


def script_layout(lines: list[LogicalLine]) -> tuple[dict[str, list[int]], list[bool]]:
    """The lines of the script's top level (``""``) and of each function, by index, and
    whether each line lies in an ``if``, a ``case``, a loop or a ``cond && {`` group of its
    function (or opens one). Shared: a script is laid out once for its runner functions, its
    test functions (``runners``) and the directories it builds in (``routedirs``); callers
    only read the answer."""
    return _layout(tuple(line.text for line in lines))


@functools.lru_cache(maxsize=128)
def _layout(texts: tuple[str, ...]) -> tuple[dict[str, list[int]], list[bool]]:
    bodies: dict[str, list[int]] = {"": []}
    conditional: list[bool] = []
    frames: list[tuple[str, str, int]] = []  # (kind, function, conditions since it began)
    pending = ""
    document = ""  # the word ending the here-document being skipped
    for index, text in enumerate(texts):
        if document:  # a here-document's text is data, no command (``cat <<EOF``)
            document = "" if text.strip() == document else document
            conditional.append(True)
            continue
        document = next((m.group(2) for m in _HERE_DOCUMENT.finditer(text) if m.group(2)), "")
        bare = _COMMENT.sub("", _BARE.sub('""', text)).strip()
        owner, conditions = frames[-1][1:] if frames else ("", 0)
        defined = _FUNCTION.match(bare)
        if defined is not None and not defined.group(4):
            name = defined.group(1) or defined.group(2)
            bodies[name] = []
            if defined.group(3):
                frames.append(("brace", name, 0))
            else:
                pending = name
            conditional.append(False)
            continue
        if pending and bare == "{":
            frames.append(("brace", pending, 0))
            pending = ""
            conditional.append(False)
            continue
        keywords = list(_KEYWORD.finditer(bare))
        conditional.append(conditions > 0 or any(k.group(1) in _OPENS for k in keywords))
        bodies.setdefault(owner, []).append(index)
        for keyword in keywords:
            word = keyword.group(1)
            guarded = word == "{" and bare[: keyword.start(1)].rstrip().endswith(("&&", "||"))
            if word in _OPENS or guarded:
                kind = _OPENS.get(word, "if")
                frames.append((kind, frames[-1][1] if frames else "", conditions + 1))
            elif word == "{":
                frames.append(("brace", owner, conditions))
            elif frames:
                closes = _CLOSES[word]
                while len(frames) > 1 and frames[-1][0] != closes and word != "}":
                    frames.pop()
                frames.pop()
            owner, conditions = frames[-1][1:] if frames else ("", 0)
    return bodies, conditional


_OPENED = lazyre.compile(r"^(?:(?:export|local|readonly)\s+)?[A-Za-z_]\w*=\$\((?!.*\))")
"""An assignment whose command substitution goes on below: ``export BASE_PATH=$(`` then ``cd
"$(dirname $0)"``, ``pwd``, ``)`` (hicann/ops-blas@35101c8 build.sh:19-22)."""
_SPAN = 8


def substitutions_joined(lines: list[LogicalLine]) -> list[LogicalLine]:
    """``lines`` with an assignment's substitution that spans lines (``_OPENED``) as one line,
    its commands joined by ``;`` as the newlines separate them, up to ``_SPAN`` lines on; one
    holding a here-document (``TORCH_DIR=$(python3 - <<'PY'`` ... ``PY``, ``)``) is left as
    its lines, the layout skipping the document's (joined, its end word would not stand alone
    on a line, and the rest of the script would be read as its data)."""
    out: list[LogicalLine] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not _OPENED.match(line.text):
            out.append(line)
            continue
        end = next(
            (i for i in range(index, min(index + _SPAN, len(lines))) if lines[i].text == ")"), None
        )
        if end is None or any(_opens_document(part.text) for part in lines[index - 1 : end]):
            out.append(line)  # a here-document's lines are data: joined, it would never end
            continue
        body = "; ".join(part.text for part in lines[index:end] if part.text)
        out.append(line._replace(text=f"{line.text}{body})"))
        index = end + 1
    return out


def _opens_document(text: str) -> bool:
    return any(m.group(2) for m in _HERE_DOCUMENT.finditer(text))
