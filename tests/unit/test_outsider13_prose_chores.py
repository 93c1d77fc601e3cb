"""outsider13 D9: a guide's note after an arrow was read as a command's arguments (``make run
'→' '两行' demo '输出。'``), and upkeep (``make clean``, a backup script) was planned as
bring-up steps. Real lines from bigorange1024/ascendc@541ca73c docs/engineering/
环境复现与开发指南.md:706 and README.md:66."""

from __future__ import annotations

from bringup.scan.commands import parse_commands
from bringup.scan.stepkinds import step_kind

# 环境复现与开发指南.md:706 ("→ prints two demo lines")
RUN_NOTE = "5. cd ~/ascendc && make clean && make run → 两行 demo 输出。"
# README.md:66: "before a backup refresh the index and this README, then run ./backup-project.sh"
BACKUP = "./backup-project.sh"


def test_an_arrow_ends_the_command_before_the_note() -> None:
    argvs = [c.argv for c in parse_commands(RUN_NOTE.split(" ", 1)[1])]
    assert argvs == [("cd", "~/ascendc"), ("make", "clean"), ("make", "run")]
    assert [c.argv for c in parse_commands("make run ⇒ hello")] == [("make", "run")]


def test_upkeep_is_no_bring_up_step() -> None:
    assert step_kind(("make", "clean")) is None
    assert step_kind((BACKUP,)) is None
    assert step_kind(("make", "run")) == "build"
    assert step_kind(("make", "clean", "all")) == "build"  # a rebuild builds
    assert step_kind(("bash", "build_clean.sh")) == "build"
    assert step_kind(("bash", "format_data.sh")) == "run"  # data, not sources


# PaulChouLedger/LedgerAI@3d4808df LLM_tuning/README.md:25 (the recommended set-up: a fresh venv,
# PyTorch, Unsloth): "clean" names the environment the script makes, not upkeep
SETUP_CLEAN_ENV = ("bash", "setup_clean_env.sh")


def test_a_script_named_for_setting_up_is_no_chore_whatever_else_it_says() -> None:
    assert step_kind(SETUP_CLEAN_ENV) == "install"
    assert step_kind(("bash", "install_clean.sh")) == "install"
    assert step_kind(("bash", "cleanup_session.sh")) is None


# YanisRey/csnlp_project@5f7bc926c6e94e8221a6c3b74df84caf3f7d1a21 README.md ("### Preprocessing"
# over the block): a script that cleans data is the route's first step where the guide says it
# prepares the input (review32 LOW: clean_data.sh counted a chore whatever the guide said)
PREPROCESSING = "### Preprocessing\n"
LOAD_AND_CLEAN = ("./scripts/load_and_clean_data.sh",)


def test_a_clean_script_the_guide_says_prepares_data_is_a_step() -> None:
    from bringup.scan.extraction import SourceFile
    from bringup.scan.stepkinds import prepares_data
    from bringup.scan.steps import steps_from_commands

    assert step_kind(LOAD_AND_CLEAN) is None  # by its name alone, upkeep
    assert prepares_data(LOAD_AND_CLEAN, PREPROCESSING)
    file = SourceFile(ref="README.md", rel="README.md", text="./scripts/load_and_clean_data.sh\n")
    commands = parse_commands(file.text)
    [step] = steps_from_commands(file, commands, context=PREPROCESSING)
    assert (step.argv, step.kind) == (LOAD_AND_CLEAN, "run")
    assert steps_from_commands(file, commands, context="### Cleanup\nremove old runs") == []
    assert not prepares_data(("bash", "backup_data.sh"), PREPROCESSING)  # not a clean script


# review33 LOW: a heading that only says "Preparation" made a clean-up script a step. The
# heading and its paragraph of a public README (hbase_interact, "HBase Check and Load"), the
# script ser94mor/particle-filter clean.sh ("Script to clean the tree from all compiled files")
PREPARATION = "#### Preparation\nClean out the HBase table,\n"


def test_preparing_says_a_clean_script_prepares_data_only_of_data() -> None:
    from bringup.scan.stepkinds import prepares_data

    assert not prepares_data(("./clean.sh",), PREPARATION)
    # a public README's (BERT-whitening's reproduction, "### Preparation" then "Download datasets")
    assert prepares_data(("./clean.sh",), "### Preparation\nDownload datasets\n")
    assert prepares_data(("./clean.sh",), PREPROCESSING)
