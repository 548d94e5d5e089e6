"""The learned readers' hashed features: the ASCII fast path gives the features of the general one."""

from __future__ import annotations

import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from fact_memory_graph import privacy_model as pm


def _reference(clause: str, dim: int, sizes: tuple[int, ...]) -> set[int]:
    return {zlib.crc32(g.encode("utf-8")) & (dim - 1) for g in pm._grams(clause[:pm._MAX_CLAUSE], sizes)}


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=260),
       st.sampled_from([(3, 4, 5), (1, 2, 3), (2, 3, 4, 5), (1,)]))
def test_ascii_features_equal_the_general_path(clause: str, sizes: tuple[int, ...]) -> None:
    assert pm.feature_set(clause, 1 << 18, sizes) == _reference(clause, 1 << 18, sizes)


def test_non_ascii_clause_read_as_characters() -> None:
    for clause in ("mot de passe réseau", "пароль от почты", "银行的暗语是青花瓷器", "a\u0085b c"):
        assert pm.feature_set(clause, 1 << 16, (2, 3)) == _reference(clause, 1 << 16, (2, 3))
