"""The categories one memory uses: the built-in twelve plus the custom ones of its configuration.

Every place that checks or lists categories asks a :class:`Taxonomy` (the extractor's schema and
prompt, op validation, direct writes, restore, the read path's query words), so a custom category
is validated, prompted, exported and found exactly like a built-in one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from fact_memory_graph.config import CustomCategory
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.schema import (
    CATEGORY_WORDS,
    CURRENT_CATEGORIES,
    DURABLE_CATEGORIES,
    UNCATEGORIZED,
    FactKind,
    parse_enum,
)


@dataclass(frozen=True, eq=False)  # identity hash: one cached object per configuration
class Taxonomy:
    """Categories by kind (built-in first, then custom), the custom ones' prompt descriptions,
    and the question words that point at each category."""

    durable: tuple[str, ...] = DURABLE_CATEGORIES
    current: tuple[str, ...] = CURRENT_CATEGORIES
    descriptions: Mapping[str, str] = field(default_factory=dict)
    words: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: dict(CATEGORY_WORDS))

    @staticmethod
    def of(custom: Sequence[CustomCategory] = ()) -> Taxonomy:
        """The built-in categories plus ``custom`` (cached: one object per configuration)."""
        return _taxonomy(tuple(custom))

    @property
    def model_categories(self) -> tuple[str, ...]:
        """What the extractor may choose (durable first); ``uncategorized`` is never proposed."""
        return (*self.durable, *self.current)

    @property
    def custom(self) -> tuple[str, ...]:
        return tuple(self.descriptions)

    def for_kind(self, kind: FactKind | str) -> tuple[str, ...]:
        """A kind's categories; durable ones include ``uncategorized`` (imported facts)."""
        kind = parse_enum(FactKind, kind, "kind")
        return (*self.durable, UNCATEGORIZED) if kind is FactKind.DURABLE else self.current

    def check(self, kind: FactKind | str, category: str) -> None:
        """Raise :class:`InvalidInputError` (a ``ValueError``) unless ``category`` belongs to ``kind``."""
        allowed = self.for_kind(kind)
        if category not in allowed:
            raise InvalidInputError(
                f"category {category!r} is not a {FactKind(kind).value} category (allowed: {', '.join(allowed)})")

    def kind_of(self, category: str) -> FactKind | None:
        """The kind a category belongs to, or ``None`` for an unknown one."""
        if category in self.durable or category == UNCATEGORIZED:
            return FactKind.DURABLE
        return FactKind.CURRENT if category in self.current else None


@cache
def _taxonomy(custom: tuple[CustomCategory, ...]) -> Taxonomy:
    if not custom:
        return Taxonomy()
    durable = tuple(c.name for c in custom if c.kind == "durable")
    current = tuple(c.name for c in custom if c.kind == "current")
    return Taxonomy(
        durable=(*DURABLE_CATEGORIES, *durable), current=(*CURRENT_CATEGORIES, *current),
        descriptions={c.name: c.description for c in custom},
        words={**CATEGORY_WORDS, **{c.name: tuple(w.lower() for w in c.words) for c in custom}},
    )


DEFAULT_TAXONOMY = Taxonomy()
