"""The lexicon's word gates (one Aho-Corasick pass per text) are open whenever the word patterns
they stand in front of can match: a gate decides cost, never what is withheld."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from fact_memory_graph.secrets import families, lexicon, prefilter


def _open(words: list[str], text: str) -> bool:
    gate = lexicon.Gate(words)
    return gate.open(text)


def test_a_word_in_the_text_opens_its_gate_and_one_elsewhere_does_not() -> None:
    gate = lexicon.Gate(["gift card", "Gutschein", "mot de passe"])
    assert gate.open("here is the GIFT-CARD code")
    assert gate.open("der GUTSCHEIN liegt im Schrank")
    assert gate.open("le mot  de passe est …")
    assert not gate.open("we went to the park on Sunday")


def test_case_is_compared_as_re_compares_it() -> None:
    # re lowers "İ" to "i" (Python's str.lower gives "i̇"), and reads "ſ" as "s", "K" (Kelvin) as "k"
    for word, text in (("istanbul", "İSTANBUL kodu"), ("pass", "the paſs is"), ("kod", "KOD 4471"),
                       ("σας", "ΣΑΣ"), ("όνομα", "ΌΝΟΜΑ χρήστη")):
        assert re.search("(?i)" + re.escape(word), text)
        assert _open([word], text), (word, text)


def test_a_word_written_with_other_separators_still_opens_its_gate() -> None:
    # the patterns write a space as \s+ or [\s\-_]? and an apostrophe as ['’]
    assert _open(["mother's maiden name"], "my mother’s maidenname")
    assert _open(["phone banking"], "phone-banking passcode")


def test_a_word_that_folds_to_nothing_leaves_its_gate_always_open() -> None:
    assert lexicon.Gate(["--", "pin"]).open("nothing here")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abcdeiklmnopstuvwz İıſKΣσςß-_'’ 12")), max_size=40))
def test_the_gated_families_patterns_find_what_the_flat_ones_find(text: str) -> None:
    for path in (("login", "words"), ("wifi", "words"), ("gift", "words"), ("tax", "words"), ("locks", "words")):
        gated, flat = families._word_re(*path), families._word_full(*path)
        assert isinstance(gated, prefilter.GatedPattern)
        assert [m.span() for m in gated.finditer(text)] == [m.span() for m in flat.finditer(text)]
    # and each list's own words, written in capitals, in a sentence
    for path in (("login", "words"), ("gift", "words"), ("tax", "words")):
        gated, flat = families._word_re(*path), families._word_full(*path)
        for word in families._data()[path[0]][path[1]][:40]:
            sentence = f"so the {word.upper()} is here"
            assert bool(gated.search(sentence)) == bool(flat.search(sentence)), word


def test_a_gate_made_after_a_text_was_read_still_sees_its_words() -> None:
    # gates are made lazily, with their readers' words: a text read before one existed is read again
    text = "the zanzibarquux word is here"
    first = lexicon.Gate(["first-gate-word"])
    assert not first.open(text)
    late = lexicon.Gate(["zanzibarquux"])
    assert late.open(text)
    assert not first.open(text)


def test_gates_made_while_other_threads_read_are_never_answered_from_an_older_automaton() -> None:
    import threading

    barrier = threading.Barrier(4)
    failures: list[str] = []

    def make_and_read(n: int) -> None:
        barrier.wait()
        word = f"qqword{n}zz"
        gate = lexicon.Gate([word])
        for k in range(50):
            text = f"text {k} holds {word}"
            if not gate.open(text):
                failures.append(text)

    threads = [threading.Thread(target=make_and_read, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_gates_made_one_at_a_time_answer_as_one_automaton_would_and_end_up_in_one() -> None:
    # a cold process makes its gates one by one: each gets a small automaton (merged as they grow),
    # and compact() (the warm-up's last step) leaves one; the answers never change
    words = [f"lexw{n}q" for n in range(40)]
    gates = []
    for n, word in enumerate(words):
        gates.append(lexicon.Gate([word]))
        text = " ".join(words[: n + 1 : 3])
        assert [g.open(text) for g in gates] == [(i % 3 == 0) for i in range(n + 1)]
    assert len(lexicon._SEGMENTS) > 1
    lexicon.compact()
    assert len(lexicon._SEGMENTS) == 1
    text = "lexw7q and lexw39q"
    assert [g.open(text) for g in gates] == [w in ("lexw7q", "lexw39q") for w in words]
