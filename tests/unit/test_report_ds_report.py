"""DeepSpeed's ``ds_report`` (outsider 23b, D11): its environment block's dotted rows were
not read, and its ``deepspeed wheel compiled w. ...... torch 2.7, cuda 0.0`` row (what the
wheel was built against) was read as the host's torch 2.7 and CUDA toolkit 0.0."""

from __future__ import annotations

from bringup.probe.importers import import_report

# A ds_report pasted in a public Markdown file (the search index's file 35256637819, a
# DeepSpeed 0.17.2 container; the format is deepspeedai/DeepSpeed deepspeed/env_report.py's)
DS_REPORT = """\
--------------------------------------------------
DeepSpeed general environment info:
torch install path ............... ['/opt/cotainr/conda/envs/conda_container_env/lib/python3.12/site-packages/torch']
torch version .................... 2.7.0+cu128
deepspeed install path ........... ['/opt/cotainr/conda/envs/conda_container_env/lib/python3.12/site-packages/deepspeed']
deepspeed info ................... 0.17.2, unknown, unknown
torch cuda version ............... 12.8
torch hip version ................ None
nvcc version ..................... 12.8
deepspeed wheel compiled w. ...... torch 2.7, cuda 0.0
shared memory (/dev/shm) size .... 15.25 GB
"""  # noqa: E501


def test_the_environment_rows_are_read_and_the_wheels_build_is_not_the_hosts() -> None:
    snapshot = import_report(DS_REPORT, "r.txt")
    facts = {f.key: (f.value, f.source.line) for f in snapshot.facts if f.ok}
    assert facts["python.package.torch"] == ("2.7.0+cu128", 4)
    assert facts["python.package.deepspeed"] == ("0.17.2", 6)
    assert facts["python.torch.cuda_version"][0] == "12.8"
    assert [(t.version, t.source.line) for t in snapshot.toolkits] == [("12.8", 9)]
    assert all(f.source.line != 10 for f in snapshot.facts)
