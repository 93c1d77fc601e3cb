"""The host's chip families and architecture as the solver sees them: which knowledge-base
rows hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from bringup.model import Snapshot
    from bringup.solve import HostFacts


def host_chips(
    snapshot: Snapshot | HostFacts, what_if: Sequence[tuple[str, str]] = ()
) -> tuple[str, ...]:
    """The chip families of the host as the solver sees it (``solve.host_facts``, or a
    target's facts, after the ``what_if`` changes), sorted; none when the chip is absent or
    could not be read.

    Chip policy: the knowledge-base rows limited to chip families are kept for *every*
    family present, not only one. The driver, the firmware and the installed toolkits are
    shared by all the devices of a host, and an environment may be run on any of them, so
    each present family's rows must hold; rows for families the host lacks are left out.
    (Before, only the alphabetically first family counted, which silently dropped the rows
    of the others on a mixed host, and a ``--what-if chip=...`` kept the real host's rows.)"""
    from bringup.solve import HostFacts, apply_what_if, host_facts

    facts = snapshot if isinstance(snapshot, HostFacts) else host_facts(snapshot)
    chip = (apply_what_if(facts, what_if) if what_if else facts).value("chip")
    return tuple(sorted(chip.values)) if chip is not None and chip.status == "ok" else ()


def host_arch(snapshot: Snapshot | HostFacts) -> Optional[str]:
    """The host's architecture (``x86_64``, ``aarch64``) as the solver sees it; None when
    unknown (a ``--target`` named by its device only): the rows of one architecture hold."""
    from bringup.solve import HostFacts, host_facts

    facts = snapshot if isinstance(snapshot, HostFacts) else host_facts(snapshot)
    arch = facts.value("arch")
    return arch.values[0] if arch is not None and arch.status == "ok" and arch.values else None
