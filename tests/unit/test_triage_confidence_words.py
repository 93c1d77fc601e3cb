"""``explain``'s text says how sure a diagnosis is in words, from its confidence and what its
score rests on; the bands follow the ranking's own weights."""

from __future__ import annotations

from bringup.triage import ranking, tiers


def test_bands_follow_the_ranking_weights() -> None:
    assert ranking.CONFIRMATION_WEIGHT["confirmed"] / 2 == tiers.CONFIRMED_FROM
    assert tiers.KNOWLEDGE_FROM == -ranking.KNOWLEDGE_PENALTY
    # a catch-all at its best (specificity, first-failure bonus) stays below a code's meaning
    best_catch_all = -ranking.GENERIC_PENALTY + ranking.SPECIFICITY_CAP + ranking.FIRST_BONUS
    assert best_catch_all < tiers.FALLBACK_SCORES["code"]


def test_a_word_never_says_more_than_its_grounds() -> None:
    assert tiers.confidence_words("high", 24) == "high: the log shows this failure's own message"
    assert tiers.confidence_words("high", -240).startswith("low: only a general rule")
    assert tiers.confidence_words("high", -100).startswith("medium: a vendor's")
    assert tiers.confidence_words("high", -200).startswith("medium: an error code's")
    assert tiers.confidence_words("low", 1030, "confirmed") == "low: the snapshot confirms it"
    assert tiers.confidence_words("high", -976, "contradicted").startswith(
        "low: the snapshot contradicts"
    )
