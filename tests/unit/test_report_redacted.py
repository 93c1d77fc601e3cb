"""Secrets in a drawn report are redacted as in a ``--json`` envelope (found by review: a
guide's clone URL with a token was printed whole by ``bringup scan``, hidden under ``--json``)."""

from __future__ import annotations

import pytest

from bringup.report.console import print_document
from bringup.report.document import (
    Compact,
    Document,
    Items,
    Paragraph,
    Table,
    Verbatim,
    section,
    text,
)

URL = "https://oauth2:glpat-abcdefghijklmnop1234@gitlab.example.com/team/dep.git"
INDEX = "pip install --extra-index-url https://user:s3cretpassw0rd@pypi.example.com/simple x"
SECRETS = ("glpat-abcdefghijklmnop1234", "s3cretpassw0rd", "oauth2:", "user:")


def _document() -> Document:
    document = Document(text("clone ", (URL, "code")))
    table = Table(
        ("need", "spec"),
        ((text("network"), text((URL, "code"))),),
        notes=(text(INDEX),),
        note_at=1,
        compact=(Compact(text(URL), (text(INDEX),), label=text("network")),),
    )
    document.add(
        section(
            text("repo ", (URL, "code")),
            Paragraph(text(INDEX), head=text(URL)),
            Items((text(URL), text(INDEX))),
            table,
            Verbatim((INDEX,)),
            detail=URL,
        )
    )
    return document


@pytest.mark.parametrize("output_format", ["text", "markdown", "html"])
def test_every_format_draws_the_report_with_its_secrets_redacted(
    output_format: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")  # narrow: the compact rows, long URLs wrapped
    print_document(_document(), output_format)
    out = capsys.readouterr().out
    assert "redacted@gitlab.example.com" in out
    assert "redacted@pypi.example.com" in out
    assert not [secret for secret in SECRETS if secret in out]


def test_lines_printed_outside_a_document_are_redacted_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``ladder``'s rung lines and ``up``'s progress print lines, not documents; an error
    message may quote a URL: the writers redact what they draw."""
    from bringup.report.console import PlainWriter, error
    from bringup.report.styled import Line

    PlainWriter().print(Line(f"rung pip: {INDEX}"))
    PlainWriter().print(f"clone {URL}")
    error(f"cannot fetch {URL}", hint=INDEX)
    out, err = capsys.readouterr()
    assert "redacted" in out
    assert "redacted" in err
    assert not any(secret in out + err for secret in SECRETS)
