"""Device memory floors: the size before or after a device memory word, never the host's."""

from __future__ import annotations

from bringup.scan.memory import device_memory


def _sizes(line: str) -> list[int]:
    return [m.gigabytes for m in device_memory(line)]


def test_the_size_before_a_device_memory_word_is_read() -> None:
    # luxolisHcanon/gaussian-splatting 19ddfb45 README.md:4
    assert _sizes("- 24 GB VRAM (to train to paper evaluation quality)") == [24]
    # christopherthompson81/tabbyUI 4589f889 public/documentation/HardwareAndRequirements.md:4,9
    assert _sizes("* NVIDIA GPU with 8GB VRAM") == [8]
    assert _sizes("* NVIDIA GPU with 24GB+ VRAM") == [24]
    # codewitholi/llm-notebooks b33c57b4 hf-falcon-7b/README.md:13
    assert _sizes("- GPU: 3080 GPU, 10GB VRAM") == [10]


def test_the_hosts_memory_beside_the_devices_is_not_read() -> None:
    # ModelTC/lightx2v 0591c35e README.md:57 and README_zh.md:55
    assert _sizes("with only **8GB VRAM + 16GB RAM**") == [8]
    assert _sizes("**仅需8GB显存 + 16GB内存**即可运行") == [8]
    # constructed (review21 finding 2): other host memory words after the device's
    for line in (
        "8GB VRAM + 16GB system RAM",
        "8GB VRAM and 16GB of RAM",
        "8GB VRAM / 32GB host RAM",
        "8GB VRAM + 16GB DDR4",
        "8GB显存 + 16GB系统内存",
        "VRAM: 8GB + 16GB system RAM",
    ):
        assert _sizes(line) == [8], line


def test_a_host_word_with_its_own_size_does_not_hide_the_devices() -> None:
    # constructed (review21 finding 2): spec tables, one size after each word
    assert _sizes("VRAM 12 GB RAM 32 GB Disk 100 GB") == [12]
    assert _sizes("VRAM: 24GB RAM: 64GB") == [24]
    assert _sizes("| VRAM 24GB RAM 64GB |") == [24]


def test_long_runs_of_digits_or_repeats_are_read_in_linear_time() -> None:
    # review21 finding 14: "VRAM " + 20,000 digits took 46 s with unbounded runs (time grew
    # with the square of the run); with 200,000 these would not return at all
    assert device_memory("VRAM " + "9" * 200_000) == []
    assert device_memory("memory " + "9" * 200_000) == []
    assert device_memory("VRAM 8" + " " * 200_000) == []
    line = "display " + "x" * 1_000_000 + " needs VRAM 8GB"  # a 1 MB line
    assert _sizes(line) == [8]
    # many readings in one line: each new one was checked against all before it
    assert len(device_memory("显存8GB，" * 20_000)) == 20_000
