"""Carrying out a plan on this machine: environments, steps, logs and their history.

This package and the probe are the only code that changes the machine; everything here that
can be pure (index settings, fingerprints, the step graph, consent, diffs) is, and the rest
runs commands through ``bringup.process``.
"""
