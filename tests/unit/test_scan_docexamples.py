"""How far ``docexamples`` reads a line for an image's base."""

from __future__ import annotations

from bringup.scan import docexamples


def test_an_image_base_is_read_within_its_clause_and_a_bounded_window() -> None:
    """Near the image word it is read; a "based on" far past it on a long line without a full
    stop is not (an unbounded gap scanned the whole line from every "image": quadratic)."""
    assert docexamples._IMAGE_BASE.search("The image is built on ubuntu:22.04")
    assert docexamples._IMAGE_BASE.search("该镜像基于 CANN 8.0 构建")
    assert not docexamples._IMAGE_BASE.search("image " + "x " * 200 + "based on ubuntu")
