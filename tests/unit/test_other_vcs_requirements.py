"""A requirement installed from a Mercurial, Subversion or Bazaar URL: uv installs from git
only (astral-sh/uv#14504: "Unsupported URL prefix `hg` ... (Mercurial is not supported)"), so
``up`` leaves it to the user (pip installs it, with the VCS's program: pip's VCS support
page) and the verdict says it is unverified, instead of the environment's install failing
(left by session 35). And the note of a frozen list's local path says what happens to it now
(installed by name, review35)."""

from __future__ import annotations

from bringup.model import Component
from bringup.model.snapshot import Snapshot
from bringup.plan import plan
from bringup.run.environments import environment_spec
from bringup.scan.extraction import SourceFile
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.solve import solve
from bringup.solve.prosenames import left_to_user
from bringup.solve.vcspins import left_by_vcs
from solve_inputs import catalogue, host

# the supported forms of https://pip.pypa.io/en/stable/topics/vcs-support/ (Mercurial,
# Subversion, Bazaar), beside a name from the index
HG = "MyProject @ hg+https://hg.myproject.org/MyProject"
SVN = "svn+https://svn.example.com/MyProject#egg=MyProject-svn"
BZR = "MyProject-bzr @ bzr+https://bzr.example.com/MyProject/trunk"
TEXT = f"{HG}\n{SVN}\n{BZR}\nnumpy==1.26.4\n"


def _scanned() -> Component:
    found = extract_requirements_txt(
        SourceFile(ref="requirements.txt", rel="requirements.txt", text=TEXT)
    )
    requirements = tuple(r for r in found.requirements if r.subject.startswith("pypi:"))
    notes = [f.message for f in found.findings if f.kind == "note"]
    assert len(notes) == 3
    assert all("uv installs from git only" in n for n in notes)
    assert "needs Mercurial (hg)" in notes[0]
    assert "needs Subversion (svn)" in notes[1]
    return Component(name="app", path=".", role="other", requirements=requirements)


def test_up_leaves_them_to_the_user_and_the_verdict_is_unverified() -> None:
    component = _scanned()
    resolution = solve([component], host(), [], catalogue({}))
    (env,) = resolution.environments
    left = left_to_user(resolution, env.index)
    assert left == {"myproject", "myproject_svn", "myproject_bzr"}
    reasons = [u.reason for u in resolution.unverified if left_by_vcs(u.reason)]
    assert len(reasons) == 3
    (verdict,) = resolution.verdicts
    unverified = {o.subject for o in verdict.obstacles if o.kind == "unverified"}
    assert {"myproject", "myproject_svn", "myproject_bzr"} <= unverified
    snapshot = Snapshot(taken_at="t", origin="replay")
    spec = environment_spec(env, snapshot, (), [component], left)
    assert not [r for r in spec.requirements if "+https://" in r or r.startswith("myproject")]
    assert any(r.startswith("numpy") for r in spec.requirements)
    made = plan([component], resolution)
    by_hand = [a for a in made.actions if a.subject.startswith("myproject")]
    assert len(by_hand) == 3
    assert not any(a.automatic or a.argv for a in by_hand)


def test_a_git_url_is_still_installed_from_its_url() -> None:
    # CompVis/stable-diffusion@21f890f9 environment.yaml:30's form, in a requirements file
    text = "-e git+https://github.com/openai/CLIP.git@main#egg=clip\n"
    found = extract_requirements_txt(
        SourceFile(ref="requirements.txt", rel="requirements.txt", text=text)
    )
    (note,) = [f.message for f in found.findings if f.kind == "note"]
    assert note.endswith("not from a package index")
    assert "uv" not in note


def test_a_frozen_lists_local_path_says_it_is_installed_by_name() -> None:
    # conda/conda#11580: what `pip freeze` writes for a conda-installed distribution
    text = "certifi @ file:///opt/conda/conda-bld/certifi_1655968806487/work/certifi\n"
    found = extract_requirements_txt(
        SourceFile(ref="requirements.txt", rel="requirements.txt", text=text)
    )
    (note,) = [f.message for f in found.findings if f.kind == "note"]
    assert "installed here by its name, from the package index" in note
    assert "comes from" not in note
