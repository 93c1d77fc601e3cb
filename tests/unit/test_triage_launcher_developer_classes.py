"""Three classes of cause that no catalogue entry named (issue 15, tri34): an operator under
development that breaks a rule its framework checks (PyPTO, Ascend C's CPU-debug
checks, the op definition), workers whose NPUs the launcher (Ray, vLLM's data-parallel
launcher) mapped wrongly, and a cluster or node not prepared for the deployment (kubeadm, a
namespace, the container runtime). Each is read from its own tool's words, not from the
neighbour that prints similar words for another stack or another object.

The lines come from public pages and threads that no evaluation corpus cites."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

_OPERATOR = "class.operator.custom-operator-breaks-framework-rule"
_LAUNCHER = "class.device-init.npu-visibility-set-by-launcher"


def _first(log: str) -> tuple[str, str]:
    diagnoses = explain_text(log)
    return (diagnoses[0].signature_id, diagnoses[0].layer) if diagnoses else ("", "")


@pytest.mark.parametrize(
    "log",
    [
        # Ascend/mssanitizer@6dfb4bb28a6feb0061711545aba436e9c19c3e18:
        # example/sample_racecheck/README.md: a kernel without SetFlag/WaitFlag between two pipes.
        '====== ERROR: Potential RAW hazard detected at GM in "raw_hazard_demo(unsigned char*,'
        ' unsigned char*)":\n'
        "======    PIPE_S Write at RAW()+0x<addr> in block 0 (aiv) on device 0 at pc current"
        " 0x168 (serialNo:9)",
        # Ascend/mssanitizer@7247cf6eb35f827ef7e3d07c38ba604e58e8bfcb:
        # example/sample_memcheck/README.md: a copy larger than the UB buffer the kernel allocated.
        "====== ERROR: illegal write of size 768\n"
        '======    at 0x0 on UB in "bounds_write_demo(unsigned char*, unsigned char*)"',
    ],
)
def test_a_sanitizer_report_alone_is_not_called_the_operators_own_code(log: str) -> None:
    # A report alone does not tell the kernel's fault from the sanitizer's false positive
    # (measured on the held-out half, session 34: 0 right, 2 wrong).
    assert _first(log)[0] != _OPERATOR


def test_nvidias_race_report_in_the_same_words_is_not_the_npu_operators() -> None:
    # https://docs.nvidia.com/compute-sanitizer/ComputeSanitizer/index.html (racecheck's sample
    # hazard): compute-sanitizer says "hazard detected" too, at __shared__ of a CUDA kernel.
    log = (
        "========= ERROR: Potential WAW hazard detected at __shared__ 0x0 in block (0,0,0) :\n"
        "========= Write Thread (0,0,0) at WAW()+0x2f0 in raceWAW.cu:20"
    )
    assert _first(log)[0] != _OPERATOR


def test_a_data_parallel_rank_given_npus_beyond_the_visible_list_is_the_launchers() -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/2879 (Ray + data parallel on two nodes,
    # RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1).
    log = (
        "Exception: Error setting ASCEND_RT_VISIBLE_DEVICES: local range: [8, 12) base value:"
        ' "0,1,2,3,4,5,6,7"'
    )
    assert _first(log) == (_LAUNCHER, "device_init")


def test_a_placement_group_of_gpus_is_not_the_npu_launchers() -> None:
    # https://github.com/ray-project/kuberay/issues/3414: vLLM's Ray executor waiting for GPU
    # bundles (a cluster short of GPUs), in the words it prints for NPU bundles too.
    log = (
        "Waiting for creating a placement group of specs for 150 seconds. specs=[{'GPU': 1.0,"
        " 'node:xxx': 0.001}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}]. Check `ray status` to see"
        " if you have enough resources, and make sure the IP addresses used by ray cluster are the"
        " same as VLLM_HOST_IP environment variable specified in each node if you are running on a"
        " multi-node."
    )
    assert _first(log)[0] != _LAUNCHER


_DEPLOYMENT = "class.install.cluster-deployment-unprepared"


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/kubernetes/website/issues/18945: kubeadm init on a node with swap on.
        "error execution phase preflight: [preflight] Some fatal errors occurred:\n"
        "        [ERROR Swap]: running with swap on is not supported. Please disable swap\n",
        # https://github.com/Mailu/helm-charts/issues/187: the release's namespace never created.
        'Error: create: failed to create: namespaces "mailu-mailserver" not found\n',
        # https://github.com/qdm12/deunhealth/pull/1: the Docker socket not mounted into the
        # container that drives Docker.
        "ERROR Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker"
        " daemon running?\n",
        # https://github.com/QT-DevOps/DevOpsIssues/issues/104: kubectl with no kubeconfig
        # (answered: copy /etc/kubernetes/admin.conf to $HOME/.kube/config).
        "The connection to the server localhost:8080 was refused - did you specify the right host"
        " or port?\n",
        # https://github.com/kamailio/kamailio/issues/2988: a locally built image the node
        # running the new pod cannot pull.
        'with new name and listening over port 5061 but I have error "ImagePullBackOff" .\n',
    ],
)
def test_a_cluster_or_node_not_prepared_for_the_deployment_is_install(log: str) -> None:
    assert _first(log) == (_DEPLOYMENT, "install")


def test_another_kind_of_object_not_found_is_not_a_missing_namespace() -> None:
    # https://github.com/helm/helm/issues/10976: helm's own words about the release's
    # namespace, not the API server's NotFound of a namespace the deployment needs (the thread
    # points at the user's permissions).
    log = 'Error: INSTALLATION FAILED: no Namespace with the name "kserve" found\n'
    assert _first(log)[0] != _DEPLOYMENT
