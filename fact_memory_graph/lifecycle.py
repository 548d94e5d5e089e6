"""The lifecycle policies' arithmetic, pure and typed: relevance, promotion, cleanup, and the
ranking formula the retriever applies (one component, chosen by the policy).

Seed 000 (default): ``score = relevance x confidence x time_weight`` — durable facts never fade,
current ones fade with the time-weight curve.

Seed 002 (``LifecyclePolicy.staged()``): ``score = relevance x lifecycle_relevance x time_weight``
where ``lifecycle_relevance = confidence x source_weight x idle_decay x usage_boost``:

- ``source_weight``: user_edit 2.0, file 1.5, system 1.2, conversation 1.0;
- ``idle_decay = weekly_decay ** (max(0, days_since_last_access - grace_days) / 7)`` — the time
  since the fact was last *used* (retrieved), or created when never used;
- ``usage_boost = 1 + 0.5 x log10(access_count + 1)``.

Current facts keep their time weight under both policies (seed 000: no cutoff by age); an open-ended
state unused for ``LifecyclePolicy.archive_current_after_days`` is archived (docs/decisions.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from fact_memory_graph.config import LifecyclePolicy
from fact_memory_graph.schema import Fact, FactStatus


def days_since_use(fact: Fact, now: datetime) -> float:
    last = fact.last_accessed_at or fact.created_at
    return max((now - last).total_seconds() / 86400.0, 0.0)


def idle_decay(days_idle: float, policy: LifecyclePolicy) -> float:
    """1.0 within the grace period, then ``weekly_decay`` per further week (continuous)."""
    return policy.weekly_decay ** (max(days_idle - policy.grace_days, 0.0) / 7.0)


def usage_boost(access_count: int, policy: LifecyclePolicy) -> float:
    return 1.0 + policy.usage_boost * math.log10(max(access_count, 0) + 1)


def source_weight(fact: Fact, policy: LifecyclePolicy) -> float:
    return policy.source_weights.get(fact.source.value, 1.0)


def lifecycle_relevance(fact: Fact, now: datetime, policy: LifecyclePolicy) -> float:
    """Seed 002's relevance of a fact (used for ranking and cleanup under the staged policy)."""
    return (fact.confidence * source_weight(fact, policy) * idle_decay(days_since_use(fact, now), policy)
            * usage_boost(fact.access_count, policy))


def importance(fact: Fact, policy: LifecyclePolicy) -> float:
    """How much a fact matters when upkeep must choose (which open-ended states are archived
    first, the least important first): its confidence x the usage boost of its retrievals, x 1.5
    when the user confirmed it. A state said once and never used goes before one the agent keeps
    relying on."""
    confirmed = 1.5 if fact.verification_status.value == "confirmed" else 1.0
    return fact.confidence * usage_boost(fact.access_count, policy) * confirmed


def is_confirmed(fact: Fact) -> bool:
    return fact.confirmed_at is not None


def should_promote(fact: Fact, policy: LifecyclePolicy) -> bool:
    """A staged fact is confirmed once it has been retrieved ``promotion_accesses`` times."""
    return policy.is_staged and not is_confirmed(fact) and fact.access_count >= policy.promotion_accesses


def should_clean_up(fact: Fact, now: datetime, policy: LifecyclePolicy) -> bool:
    """Staged policy: retract when relevance < threshold, unless confirmed and well used."""
    if not policy.is_staged or fact.status not in (FactStatus.ACTIVE, FactStatus.DORMANT):
        return False
    if is_confirmed(fact) and fact.access_count >= policy.protect_accesses:
        return False
    return lifecycle_relevance(fact, now, policy) < policy.cleanup_threshold


class RankingFormula(Protocol):
    """How the retriever scores a candidate: ``(fact, similarity, time_weight, now) -> score``."""

    def __call__(self, fact: Fact, relevance: float, time_weight: float, now: datetime) -> float: ...


@dataclass(frozen=True)
class Seed000Ranking:
    """``relevance x confidence x time_weight``."""

    def __call__(self, fact: Fact, relevance: float, time_weight: float, now: datetime) -> float:
        return relevance * fact.confidence * time_weight


@dataclass(frozen=True)
class StagedRanking:
    """``relevance x lifecycle_relevance x time_weight`` (seed 002)."""

    policy: LifecyclePolicy

    def __call__(self, fact: Fact, relevance: float, time_weight: float, now: datetime) -> float:
        return relevance * lifecycle_relevance(fact, now, self.policy) * time_weight


def ranking_for(policy: LifecyclePolicy) -> RankingFormula:
    """The ranking component of a policy."""
    return StagedRanking(policy) if policy.is_staged else Seed000Ranking()
