"""A step is read with its own recipe (outside tester O5, D1 and D10): ``make all`` of
PaddleMIX's ppdiffusers/Makefile makes ``deploy``, which runs ``twine upload`` (``up --yes``
ran it and ``scan --write`` drafted it); its ``make install`` is a ``pip install -r`` (said
to install into /usr/local). Every file text below is the real file at the commit named
beside it; the steps are built as the scan reads them."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from bringup.model import Component, file_source
from bringup.model.requirements import Step
from bringup.plan.systemwide import refusal
from bringup.report.reason_wording import reason_text
from bringup.scan.draft import draft_manifest
from bringup.scan.makerules import made, read_makefile
from bringup.scan.ownrecipe import Recipes, read_recipes
from bringup.scan.publishes import publishing
from bringup.scan.repo import scan_repo

# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda ppdiffusers/Makefile:1-22
PADDLEMIX = """
.DEFAULT_GOAL := all

.PHONY: all
all: deploy-version build deploy

.PHONY: build
build:
\tpython3 setup.py sdist bdist_wheel

.PHONY: deploy
deploy:
\tmake deploy-version
\ttwine upload --skip-existing dist/*

.PHONY: deploy-version
deploy-version:
\techo "VERSION = '$$(cat VERSION)'" > ppdiffusers/version.py

.PHONY: install
install:
\tpip install -r requirements.txt
"""
# drio-inc/client@8bfdef14a2643a5a02ffbe0e36b11e1994a30a52 Makefile:1-15
DRIO = """all: push

include make.vars

DOCKER_BUILD = docker build --no-cache
DOCKERFILE = docker/Dockerfile

image:
\t$(DOCKER_BUILD) --file $(DOCKERFILE) -t $(REPOSITORY)/$(IMAGE_NAME):$(VERSION) .

push: image
\tdocker push $(REPOSITORY)/$(IMAGE_NAME):$(VERSION)

clean:
\tdocker rmi $(REPOSITORY)/$(IMAGE_NAME):$(VERSION)
"""
# F1NaL/otus-hw1@05edd9684f12134639ccdec281185cb383b51a3b Makefile:1-9
OTUS = """all: build

DOCKER_IMAGE_NAME=if1nal/otus-hw1
DOCKER_IMAGE_TAG=v0.0.1

.PHONY: build
build:
\tdocker build -t $(DOCKER_IMAGE_NAME):$(DOCKER_IMAGE_TAG) .
\tdocker push $(DOCKER_IMAGE_NAME):$(DOCKER_IMAGE_TAG)"""
# annulen/udisk@268c3a8c5969e4cc1425a36f2dbd1762868c4b5e Makefile:1-9
UDISK = """PREFIX ?= /usr/local
TARGET_DIR := $(DESTDIR)$(PREFIX)/bin

$(TARGET_DIR):
\tmkdir -p "$@"

.PHONY: install
install: udisk $(TARGET_DIR)
\tinstall -m 755 "$<" "$(TARGET_DIR)/$<"
"""
# msgpo/wvr.sh@09178ad719d42867e54c0433851468eb8c2efae5 makefile:1-19
WVR = """REMOTE_DIR = /var/www/html
HOST = wvr
OUT = ./www/html
SRC = ./src

all: build copy

build:
\tsssg -s ${SRC} -o ${OUT}
\tsassc ${SRC}/start/scss/style.scss ${SRC}/start/style.css
\tcp -rf ${SRC}/start ${OUT}/
\tfind src/blog/2020 -maxdepth 1 -type d ! -path '*blog/2020' | \\
\twhile read -r dir ; do \\
\t\tmkdir -p www/html/blog/2020 ; \\
\t\tcp -rf "$${dir}" "www/html/$${dir##*src/}" ; \\
\tdone

copy:
\trsync -rvhtuc --progress --delete --exclude u ${OUT}/ ${HOST}:${REMOTE_DIR}
"""
# rany2/edge-tts@4b7f04dc4c4759558fa8f846572bce1d23dd2a72 build_and_publish.sh:1-6
EDGE_TTS = """#!/bin/sh
set -e
rm -rf build dist src/*.egg-info
python3 setup.py sdist bdist_wheel
twine upload dist/*
rm -rf build dist src/*.egg-info
"""


def _step(*argv: str, cwd: str = ".", kind: str = "build") -> Step:
    return Step(
        name=" ".join(argv),
        kind=kind,  # type: ignore[arg-type]
        argv=argv,
        source=file_source("README.md", 1),
        cwd=cwd,
    )


def _read(files: dict[str, str]):  # type: ignore[no-untyped-def]
    return files.get


def test_make_all_reaches_deploy_through_its_prerequisites() -> None:
    reached = [rule.target for rule, _ in made(read_makefile(PADDLEMIX), ("all",))]
    assert reached == ["deploy-version", "build", "deploy", "all"]
    assert read_makefile(PADDLEMIX).default_goal == "all"


def test_paddlemix_make_all_publishes_make_build_does_not_make_install_stays_inside() -> None:
    files = {"ppdiffusers/Makefile": PADDLEMIX}
    steps = read_recipes(
        [_step("make", goal, cwd="ppdiffusers") for goal in ("all", "build", "install")],
        _read(files),
    )
    everything, build, install = steps
    assert everything.needs.publishes is not None
    assert everything.needs.publishes.command == "twine upload --skip-existing dist/*"
    assert str(everything.needs.publishes.source) == "ppdiffusers/Makefile:14"
    assert build.needs.publishes is None
    assert install.needs.in_environment
    assert refusal(install) is None  # D10: read, it is an install into the environment
    assert refusal(_step("make", "install")) is not None  # unread: the prefix is assumed
    reason = refusal(everything)
    assert reason is not None
    assert reason.kind == "publish"
    assert str(reason.sources[0]) == "README.md:1"  # the step's own line, then the command's
    assert reason_text(reason) == (
        "publishes or deploys (twine upload --skip-existing dist/* at ppdiffusers/Makefile:14):"
        " up never runs it"
    )


def test_the_default_goal_and_a_build_recipe_that_pushes() -> None:
    drio = read_recipes([_step("make")], _read({"Makefile": DRIO}))[0]
    assert drio.needs.publishes is not None
    assert drio.needs.publishes.source.line == 12  # push: image, then docker push
    otus = read_recipes([_step("make", "build")], _read({"Makefile": OTUS}))[0]
    assert otus.needs.publishes is not None
    assert otus.needs.publishes.command.startswith("docker push")


def test_a_lowercase_makefile_whose_default_goal_copies_to_a_remote_host() -> None:
    steps = read_recipes([_step("make"), _step("make", "build")], _read({"makefile": WVR}))
    assert steps[0].needs.publishes is not None
    assert str(steps[0].needs.publishes.source) == "makefile:19"
    assert steps[0].needs.publishes.command.startswith("rsync")
    assert steps[1].needs.publishes is None  # build alone copies into the tree


def test_an_install_to_the_prefix_stays_refused_as_outside() -> None:
    udisk = read_recipes([_step("make", "install")], _read({"Makefile": UDISK}))[0]
    assert not udisk.needs.in_environment
    reason = refusal(udisk)
    assert reason is not None
    assert reason.kind == "system"


def test_a_script_the_step_runs_is_read() -> None:
    step = _step("sh", "build_and_publish.sh")
    marked = read_recipes([step], _read({"build_and_publish.sh": EDGE_TTS}))[0]
    assert marked.needs.publishes is not None
    assert str(marked.needs.publishes.source) == "build_and_publish.sh:5"
    reason = refusal(marked)
    assert reason is not None
    assert "(twine upload dist/* at build_and_publish.sh:5)" in reason_text(reason)


def test_a_script_many_steps_run_is_looked_through_once() -> None:
    """One ``Recipes`` serves a whole repo's steps (each guide's, then the next's): a script
    every guide runs (ops-nn's build.sh, 1,727 commands, run by 119 guides) is read once,
    and each step that runs it is marked alike."""
    reads: list[str] = []

    def read(rel: str) -> str | None:
        reads.append(rel)
        return {"build_and_publish.sh": EDGE_TTS}.get(rel)

    recipes = Recipes(read)
    first = recipes.steps([_step("sh", "build_and_publish.sh")])
    again = recipes.steps([_step("bash", "build_and_publish.sh"), _step("sh", "other.sh")])
    assert reads == ["build_and_publish.sh", "other.sh"]
    marked = [s.needs.publishes for s in [*first, *again]]
    assert marked[0] is not None
    assert marked[0] == marked[1]
    assert str(marked[0].source) == "build_and_publish.sh:5"
    assert marked[2] is None


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # willkg/django-eadred@3a497ab4a88a334511335f5669f30a33aa69c462 docs/hacking_howto.rst
        # (Release process, steps 6 and 7)
        (("python", "setup.py", "sdist", "upload"), "setup.py upload"),
        (("git", "push", "--tags", "official", "master"), "git push"),
        # sio/microblog-server@eba6876344b8ec95659e958a5b43b08cdde0f7a6 makefiles/pypi.mk (upload:)
        (("$(VENV)/twine", "upload", "--repository", "testpypi", "dist/*"), "twine upload"),
        # uafgeotools/vmod@31142d5ff43e35c3c89cf6144655e4b7e3554b0e Makefile (upload:)
        (("python3", "-m", "twine", "upload", "dist/*"), "twine upload"),
        # the same files' build lines, which stay on the machine
        (("python3", "setup.py", "sdist", "bdist_wheel"), None),
        (("python3", "-m", "build"), None),
        # constructed: a local copy and a clone
        (("rsync", "-av", "build/", "out/"), None),
        (("git", "clone", "https://github.com/x/y"), None),
    ],
)
def test_publishing_words(argv: tuple[str, ...], words: str | None) -> None:
    assert publishing(argv) == words


def test_the_draft_leaves_a_publishing_step_out(tmp_path: Path) -> None:
    """Drafted with ``trusted = true`` accepted, ``up`` would run it unasked."""
    (tmp_path / "ppdiffusers").mkdir()
    (tmp_path / "ppdiffusers" / "Makefile").write_text(PADDLEMIX, encoding="utf-8")
    component = scan_repo(tmp_path, "pm").component
    names = {s.name: s for s in component.steps}
    assert names["make all"].needs.publishes is not None
    assert names["make install"].needs.in_environment
    drafted = draft_manifest(component)
    assert 'name = "make all"' not in drafted
    assert 'name = "make build"' in drafted
    assert "not a step: make all" in drafted


def test_no_publishing_in_a_plain_build() -> None:
    text = "all:\n\tpython3 setup.py build_ext --inplace\n"  # constructed
    step = read_recipes([_step("make")], _read({"Makefile": text}))[0]
    assert step.needs.publishes is None
    assert Component(name="x", path="x", role="other", steps=(step,)).steps[0] == step


def test_a_command_in_the_steps_own_file_is_cited_by_its_line() -> None:
    """The step at ppdiffusers/Makefile:5, its twine line 14 of the same file."""
    step = Step(
        name="make all",
        kind="build",
        argv=("make", "all"),
        source=file_source("ppdiffusers/Makefile", 5),
        cwd="ppdiffusers",
    )
    marked = read_recipes([step], _read({"ppdiffusers/Makefile": PADDLEMIX}))[0]
    reason = refusal(marked)
    assert reason is not None
    assert "(twine upload --skip-existing dist/* at line 14)" in reason_text(reason)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        # public scripts found through the project's code index (file ids 29052581412,
        # 59062510195): a release step run through a shell's -c string
        ('bash -c "twine upload bin/nidmm/dist/* bin/nimodinst/dist/*"', "twine upload"),
        # index file id 6794784206: git's global -C before the verb
        ('git -C "$REPO_DIR" push origin master', "git push"),
        # index file id 72516914 (a README's "Deploy local docker image to dockerhub")
        (
            "docker image push marcusgrum/codebase_ai_core_for_image_classification_aarch64:latest",
            "docker image push",
        ),
        # index file id 20189307623 (an openEuler image upload script)
        (
            "obsutil cp SHRINKED-${OPENEULER_IMG}.qcow2 obs://${BUCKET_NAME}/SHRINKED.qcow2",
            "obsutil copy to a remote",
        ),
        ("aws s3 cp dist/ s3://hotate.rss --recursive", "aws copy to a remote"),  # id 27929234325
        # mindformers guide (index id 9042893978): a download from OBS stays
        (
            "/home/ma-user/work/obsutil cp"
            " obs://wio/qwen2-7b-chat-ckpt/qwen2_7b.ckpt ./qwen2_7b.ckpt",
            None,
        ),
        # constructed: the other spellings named by review24 M6
        ("conda run -n env twine upload dist/*", "twine upload"),
        ("uv run --with twine twine upload dist/*", "twine upload"),
        ("bash -lc 'git -C repo push'", "git push"),
        ("docker --context prod push img", "docker push"),
        ("docker compose -f deploy.yml push", "docker compose push"),
        ("docker buildx imagetools create -t a:1 a:1-amd64", "docker buildx imagetools"),
        ("gsutil -m cp model.bin gs://bucket/m", "gsutil copy to a remote"),
        ("gcloud storage cp x gs://b", "gcloud copy to a remote"),
        ("curl --upload-file x.tar https://h.example/x.tar", "curl upload"),
        ("curl -T x.tar https://h.example/", "curl upload"),
        ("gh pr create --fill", "gh pr create"),
        ("gh release create v1.0 dist/*", "gh release create"),
        ("skopeo copy docker://a:1 docker://registry.example/a:1", "skopeo copy to a remote"),
        ("kubectl -n prod apply -f x.yaml", "kubectl apply"),
        # constructed: review24 M6's leftovers, a destination in a variable, a URL without
        # a scheme (curl takes it as http)
        ('aws s3 cp dist/x.whl "$DEST"', "aws copy to a remote"),
        ("obsutil cp model.om ${OBS_PATH}/model.om", "obsutil copy to a remote"),
        ("curl -T x.tar upload.example.com/x.tar", "curl upload"),
        ("curl -sT x.tar $UPLOAD_URL", "curl upload"),
        ("curl -H 'X-Key: 1' --url https://h.example/up -T x.tar", "curl upload"),
        # constructed: what stays on the machine
        ('aws s3 cp "$SRC" ./x', None),
        ("obsutil cp obs://b/model.om $LOCAL_DIR", None),
        ("curl -T x.tar localhost:8080/up", None),
        ("curl -o out.json example.com/api", None),
        ("gh release download v1.0", None),
        ("git -C repo pull", None),
        ("gsutil -m cp gs://bucket/m ./m", None),
        ("conda run -n env python train.py", None),
        ('bash -c "make test"', None),
        ("bash run.sh -c cfg.yaml", None),
        ("curl http://localhost:8000/v1/completions -d '{\"prompt\": 1}'", None),
        ("curl -F image=@cat.jpg http://127.0.0.1:8080/predict", None),
        ("docker build -t x .", None),
    ],
)
def test_publishing_read_as_the_shell_runs_it(line: str, words: str | None) -> None:
    assert publishing(shlex.split(line)) == words
