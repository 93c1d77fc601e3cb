"""The names of the scopes a file of a repo speaks for (``bringup.scan.scopes``)."""

from __future__ import annotations

REPO = ""
"""The scope name of the repo itself."""

CI = "ci"
DOCKER = "docker"
DEVELOPMENT = "development"
TESTS = "tests"
PACKAGE = "package"
"""What the repo's built package needs where it is installed: the installer a packaging
script copies into a self-extracting package (hicann/shmem scripts/release.sh:32 ``cp
$PROJECT_ROOT/scripts/install.sh $OUTPUT_DIR``, memfabric_hybrid script/run_pkg_maker/
make_run.sh:88) checks the target machine (``ASCEND_TOOLKIT_HOME`` set), not the build's."""
