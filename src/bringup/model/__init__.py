"""Frozen data types shared by every layer; no I/O here."""

from bringup.model.diagnosis import CauseKind, Confirmation, Diagnosis, Evidence, Layer
from bringup.model.facts import Fact, FactStatus, FactValue
from bringup.model.requirements import (
    Alternative,
    Component,
    DeviceKind,
    OwnDistribution,
    Requirement,
    Role,
    RoutePart,
    Scope,
    Step,
    StepKind,
    StepNeeds,
)
from bringup.model.rules import Rule
from bringup.model.snapshot import (
    SNAPSHOT_SCHEMA,
    Accelerator,
    Package,
    PythonInstall,
    Snapshot,
    SystemPackage,
    Toolkit,
    Vendor,
)
from bringup.model.source import Confidence, Source, SourceKind, command_source, file_source

__all__ = [
    "CauseKind",
    "Confirmation",
    "Diagnosis",
    "Evidence",
    "Layer",
    "Fact",
    "FactStatus",
    "FactValue",
    "Alternative",
    "Component",
    "DeviceKind",
    "OwnDistribution",
    "Requirement",
    "Role",
    "RoutePart",
    "Scope",
    "Step",
    "StepKind",
    "StepNeeds",
    "Rule",
    "SNAPSHOT_SCHEMA",
    "Accelerator",
    "Package",
    "PythonInstall",
    "SystemPackage",
    "Snapshot",
    "Toolkit",
    "Vendor",
    "Confidence",
    "Source",
    "SourceKind",
    "command_source",
    "file_source",
]
