"""A ``pytest`` step needs what the test files it runs use (outside tester O5, D7): axolotl's
``tests/e2e/multigpu`` tests launch training on two processes and its kernel tests make
tensors on ``"cuda"``, yet they counted as "run here now" on a host with no GPU. The file
excerpts are real lines at the commits named beside them; the steps are as the scan lists
them."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.stepfiles import StepFiles, device_of_tests

# axolotl-ai-cloud/axolotl@067b021c8b87a9e5e380b9173c704cf7340e30f5
# tests/e2e/multigpu/test_llama.py:81-90
MULTIGPU = """        execute_subprocess_async(
            [
                "axolotl",
                "train",
                str(Path(temp_dir) / "config.yaml"),
                "--num-processes",
                "2",
                "--main-process-port",
                f"{get_torch_dist_unique_port()}",
            ]
"""
# the same commit, tests/e2e/kernels/test_geglu.py:10-14
GEGLU = '''def test_geglu_forward_shape():
    """Test that GEGLU forward pass preserves expected shapes."""
    batch, seq_len, hidden_dim = 2, 3, 64
    gate = torch.randn(batch, seq_len, hidden_dim, device="cuda")
    up = torch.randn(batch, seq_len, hidden_dim, device="cuda")
'''
# the same commit, tests/cli/test_cli_train.py:3 and 86-95: the launch is mocked
MOCKED = """from unittest.mock import MagicMock, patch
        with patch("os.execvpe") as mock_subprocess:
            result = cli_runner.invoke(
                cli,
                [
                    "train",
                    str(config_path),
                    "--launcher",
                    "torchrun",
                    "--",
                    "--nproc_per_node=2",
"""
# microsoft/Megatron-DeepSpeed@f4157bea69f3df8c6cb66f2ebcda66ba03d1288e
# tests/unit_tests/tensor_parallel/test_cross_entropy.py:6-9
CROSS_ENTROPY = """def test_vocab_parallel_cross_entropy():
    Utils.initialize_model_parallel(4,2)
    vocab_parallel_logits = torch.range(0,7).repeat(16,4).cuda()
    target = torch.arange(0,32,2).cuda()
"""
# the same axolotl commit, tests/e2e/test_activation_offloading.py:289-295: skips without CUDA
GUARDED = """        if not torch.cuda.is_available():
            pytest.skip("hidden_states offload requires CUDA")

        torch.manual_seed(0)
        model = AutoModelForCausalLM.from_pretrained(
            "HuggingFaceTB/SmolLM2-135M", dtype=torch.bfloat16
        ).to("cuda")
"""

# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda
# ppdiffusers/tests/schedulers/test_scheduler_dpm_sde.py:78-81: a branch on the device
COMPARED = """            assert abs(result_sum.item() - 167.47821044921875) < 1e-2
            assert abs(result_mean.item() - 0.2178705964565277) < 1e-3
        elif paddle_device in ["gpu"]:
            assert abs(result_sum.item() - 171.59352111816406) < 1e-2
"""
# the same commit, ppdiffusers/tests/pipelines/stable_diffusion/
# test_stable_diffusion_inpaint_legacy.py:166-168: a name for the generator's device
ASSIGNED = """    def test_stable_diffusion_inpaint_legacy(self):
        device = "gpu"  # ensure determinism for the device-dependent paddle.Generator
        unet = self.dummy_cond_unet
"""

# mindspore-lab/mindrlhf@3c9ec063cc6f4915e94c6d886b46a53f1c2859f6 tests/st/test_baichuan2.py
# :25-31 and :56 (outsider9 #4): a platform mark, and msrun's count through a helper
MARKED = """@pytest.mark.level0
@pytest.mark.platform_arm_ascend910b_training
@pytest.mark.env_onecard
class TestBaichuan2DPO:
    @staticmethod
    def setup_cmd(scripts_cmd, device_nums):
        cmd = f"msrun --worker_num={device_nums} " + \\
              f"--local_worker_num={device_nums} " + \\
        ret = os.system(self.setup_cmd(scripts_cmd, 8))
"""
# the same commit, tests/st/test_glm4.py:84: one of its runs is on one worker
ONE_WORKER = """        ret = os.system(self.setup_cmd(scripts_cmd, 1))
"""
# the same commit, scripts/test_actor_inference.py:56-58 and :91-92: MindSpore's target
TARGETED = """@dataclass
class opt:
    device_target = 'Ascend'
context.set_context(save_graphs=False, save_graphs_path='./graph', mode=context.GRAPH_MODE,
                    device_target=opt.device_target, enable_compile_cache=True,
"""

FILES = {
    "tests/st/test_baichuan2.py": MARKED,
    "tests/st1/test_glm4.py": MARKED.replace("device_nums):", "device_nums):\n" + ONE_WORKER, 1),
    "scripts/test_actor_inference.py": TARGETED,
    "tests/e2e/multigpu/test_llama.py": MULTIGPU,
    "tests/e2e/kernels/test_geglu.py": GEGLU,
    "tests/cli/test_cli_train.py": MOCKED,
    "tests/unit_tests/tensor_parallel/test_cross_entropy.py": CROSS_ENTROPY,
    "tests/e2e/guarded/test_activation_offloading.py": GUARDED,
    "tests/e2e/multigpu/_helper.py": MULTIGPU,
    "ppdiffusers/tests/schedulers/test_scheduler_dpm_sde.py": COMPARED,
    "ppdiffusers/tests/pipelines/test_stable_diffusion_inpaint_legacy.py": ASSIGNED,
}


def _pytest(*args: str) -> Step:
    return Step(
        name="pytest", kind="test", argv=("pytest", *args), source=file_source("README.md", 1)
    )


def _needs(*args: str) -> tuple[int, str | None]:
    (step,) = device_of_tests([_pytest(*args)], StepFiles(frozenset(FILES), FILES.get))
    return step.needs.devices, step.needs.device_kind


def test_a_platform_mark_and_a_launch_through_a_helper_need_its_devices() -> None:
    (step,) = device_of_tests([_pytest("tests/st")], StepFiles(frozenset(FILES), FILES.get))
    assert (step.needs.devices, step.needs.device_kind, step.needs.chips) == (8, "npu", ("910B",))
    assert _needs("tests/st1") == (8, "npu")  # the most of its calls


def test_a_mindspore_target_is_the_device_a_test_runs_on() -> None:
    assert _needs("scripts") == (1, "npu")
    cpu = {"scripts/test_x.py": TARGETED.replace("'Ascend'", "'CPU'")}
    (step,) = device_of_tests([_pytest("scripts")], StepFiles(frozenset(cpu), cpu.get))
    assert step.needs.devices == 0


def test_a_multiprocess_launch_needs_a_device_per_process() -> None:
    assert _needs("tests/e2e/multigpu") == (2, None)
    assert _needs("tests/e2e/multigpu/test_llama.py") == (2, None)


def test_a_tensor_on_cuda_needs_the_gpu() -> None:
    assert _needs("tests/e2e/kernels") == (1, "gpu")
    assert _needs("tests/unit_tests/tensor_parallel") == (1, "gpu")


def test_a_mocked_launch_or_a_guarded_test_needs_nothing() -> None:
    assert _needs("tests/cli") == (0, None)
    assert _needs("tests/e2e/guarded") == (0, None)


def test_a_device_name_compared_or_assigned_is_no_use_of_it() -> None:
    assert _needs("ppdiffusers/tests/schedulers") == (0, None)
    assert _needs("ppdiffusers/tests/pipelines") == (0, None)


def test_only_the_files_pytest_collects_are_read() -> None:
    """A folder's helper (not ``test_*.py``) is not a test it runs."""
    files = {"tests/e2e/multigpu/_helper.py": MULTIGPU}
    (step,) = device_of_tests(
        [_pytest("tests/e2e/multigpu")], StepFiles(frozenset(files), files.get)
    )
    assert step.needs.devices == 0


def test_a_test_file_is_read_once_for_every_step_that_runs_it() -> None:
    # the default test step, a guide's and a recipe's run the same files: one reading each
    reads: list[str] = []

    def read(rel: str) -> str | None:
        reads.append(rel)
        return FILES.get(rel)

    kept = StepFiles(frozenset(FILES), read)
    first = device_of_tests([_pytest("tests/e2e/kernels")], kept)
    again = device_of_tests([_pytest("tests/e2e/kernels")], kept)
    assert [s.needs.device_kind for s in first + again] == ["gpu", "gpu"]
    assert reads.count("tests/e2e/kernels/test_geglu.py") == 1
