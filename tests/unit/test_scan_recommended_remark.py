"""A remark recommending a release of its own leaves the floor before it a need (outsider O5 D9).

Source: axolotl-ai-cloud/axolotl@067b021c8b87a9e5e380b9173c704cf7340e30f5 README.md:98 and
pyproject.toml:10.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.prose_hedges import only_recommended, recommended
from bringup.scan.repo import scan_repo

# axolotl README.md:98
_AXOLOTL_98 = "- Python >=3.11 (3.12 recommended)\n"


def test_a_remark_naming_another_release_recommends_that_one() -> None:
    window = ">=3.11 (3.12 recommended)"
    assert not recommended(window, len(">=3.11"))
    assert not only_recommended("Python >=3.11 (3.12 recommended)")
    # a remark that names no release of its own still calls the stated one a recommendation
    assert recommended("8.5.0 (Recommended)", len("8.5.0"))


def test_the_readmes_tighter_floor_wins_over_the_manifests(tmp_path: Path) -> None:
    """Constructed tree, real lines: README.md:98 and pyproject.toml:8-10."""
    (tmp_path / "README.md").write_text("**Requirements**:\n\n" + _AXOLOTL_98, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "axolotl"\ndescription = "LLM Trainer"\n'
        'readme = "README.md"\nrequires-python = ">=3.10"\n',
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "axolotl").component
    (python,) = [r for r in component.requirements if r.subject == "python"]
    assert python.spec == ">=3.11"
    assert python.hard
    assert any(place.ref.endswith("pyproject.toml") for place in python.also_at)


# axolotl README.md:97
_AXOLOTL_97 = "- NVIDIA GPU (Ampere or newer for `bf16` and Flash Attention) or AMD GPU\n"


def test_a_generation_said_for_a_feature_is_no_hard_floor(tmp_path: Path) -> None:
    """Constructed tree, real line: README.md:97 under its "**Requirements**:" heading."""
    (tmp_path / "README.md").write_text("**Requirements**:\n\n" + _AXOLOTL_97, encoding="utf-8")
    component = scan_repo(tmp_path, "axolotl").component
    (floor,) = [r for r in component.requirements if r.subject == "compute_capability"]
    assert floor.spec == ">=8.0"
    assert not floor.hard
