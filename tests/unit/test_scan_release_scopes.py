"""A top-level packaging folder's scripts build the release's binaries (issue 11, scopes)."""

from __future__ import annotations

from bringup.scan.scopes import REPO, Scopes


def test_the_release_build_scripts_of_a_packaging_folder_are_that_folders() -> None:
    """facebookresearch/pytorch3d@9381c4016376345bb795b97c45a6c2de66db354a packaging/
    pkg_helpers.bash:62 ``export CUDA_HOME=/usr/local/cuda-11.6/``, one of nine CUDA releases the
    conda packages are built for; setup.py is the repo's build."""
    files = ["setup.py", "INSTALL.md", "packaging/pkg_helpers.bash", "packaging/build_wheel.sh"]
    scopes = Scopes(files, {})
    assert scopes.of("packaging/pkg_helpers.bash") == "packaging"
    assert scopes.of("setup.py") == REPO
    # constructed: a nested packaging folder of a package's sources is not the release build
    assert Scopes(["setup.py", "src/packaging/version.sh"], {}).of("src/packaging/version.sh") == (
        REPO
    )
