"""The secret filter's cheap gates answer as the patterns they stand in front of (cost only, no behaviour)."""

from __future__ import annotations

import re

from fact_memory_graph import secrets
from fact_memory_graph.secrets import forms, lexicon, prefilter

_TEXTS = [
    "", "ok", "Meine PIN ist 4471, bitte merken", "la contraseña del wifi es Girasol-2024",
    "ИНН организации 7707083893", "the gate code is *2580#", "key: sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "four five six seven", "quatre-vingt-dix-neuf et trois", "sept-un-neuf deux", "a / b",
    "https://bob:hunter2@example.org/x", "-----BEGIN OPENSSH PRIVATE KEY-----", "→ that's it",
    "İstanbul'daki ofisin kapı şifresi 1453", "Straße 12, 80331 München", "ΚΩΔΙΚΟΣ 5521",
    "我的密码是 qwerty123", "ABCDEF12G", "RSSMRA85T10A562S", "well-known sample value: 1234-5678",
]

_OLD_SIGNAL = re.compile(
    rf"\d(?:{secrets._SEP}{{0,2}}\d){{3,}}|(?=[A-Za-z0-9+/=_\-]*\d)[A-Za-z0-9+/=_\-]{{10,}}|[A-Za-z0-9+/=_\-]{{20,}}"
    r"|-----BEGIN|://[^\s/@]+:[^\s/@]+@|(?i:[A-Z]{6}\d{2}[A-Z])|->|=>|→|\s/\s"
    r"|(?i:\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\s+(?:zero|oh|one|two|three|four|five|six|seven"
    r"|eight|nine)\b)")


def test_the_signal_gate_read_in_parts_answers_as_one_alternation() -> None:
    for text in _TEXTS:
        assert secrets._any_signal(text) == bool(_OLD_SIGNAL.search(text)), text


def test_three_number_words_counted_before_runs_are_built() -> None:
    assert forms._three_number_words("four five six")
    assert forms._three_number_words("sept-un-neuf")  # a hyphen-joined word that is no number: its parts
    assert forms._three_number_words("quarante-huit vingt-et-un")  # two numbers of two digits: a word counts twice
    assert list(forms._word_runs("vingt-deux et trente")) == []  # two numbers joined by "et": no run
    assert not forms._three_number_words("the meeting is on Friday")
    for text in _TEXTS:
        if not forms._three_number_words(text):
            assert list(forms._word_runs(text)) == [], text


def test_a_word_tree_behind_the_lexicon_finds_what_the_tree_finds() -> None:
    words = ["door code", "Türcode", "código", "kapı şifresi", "暗証番号", "o'clock"]
    gated = prefilter.word_tree(words, prefilter.spaced_atom, head=prefilter.WORD_HEAD, tail=prefilter.WORD_TAIL)
    plain = re.compile(gated.pattern)
    assert gated is not None and not isinstance(gated, re.Pattern)  # behind the lexicon's gate
    extra = ["the DOOR   CODE is 1234", "TÜRCODE: 5521", "su CÓDIGO", "KAPI ŞİFRESİ 1453", "暗証番号は1234",
             "five O’CLOCK", "doorcode 12"]
    for text in [*_TEXTS, *extra]:
        assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)], text
        assert bool(gated.search(text)) == bool(plain.search(text)), text
    # an atom that is not the letter itself (a character class): no gate, the tree as it is
    loose = prefilter.word_tree(["ab"], lambda ch: "[ab]")
    assert isinstance(loose, re.Pattern)


def test_a_reading_shared_per_text_is_cleared_with_the_lexicons_pass() -> None:
    calls: list[str] = []

    @lexicon.per_text
    def read(text: str) -> int:
        calls.append(text)
        return len(text)

    assert read("abc") == 3 and read("abc") == 3 and calls == ["abc"]
    lexicon.present.cache_clear()  # what benchmarks/secret_filter.py clears before each timed call
    assert read("abc") == 3 and calls == ["abc", "abc"]


def test_example_words_gate_and_the_example_reading_agree() -> None:
    for text, start in (("use the sample key 4242 from the docs", 19), ("my code is 4242", 11),
                        ("Beispielwert: 4242", 14), ("for example 4242", 12)):
        end = start + 4
        assert text[start:end] == "4242"
        if not forms._example_gate().open(text):
            assert not forms.example_value(text, start, end)
    assert forms.example_value("use the sample key 4242 from the docs", 19, 23)


def test_an_alternation_takes_typographic_apostrophes_only_when_asked() -> None:
    plain = re.compile(prefilter.alternation(["don t", "don't", "it"]))
    curly = re.compile(prefilter.alternation(["don't", "it"], any_apostrophe=True))
    assert plain.fullmatch("don't") and plain.fullmatch("don   t") and not plain.fullmatch("don’t")
    assert curly.fullmatch("don't") and curly.fullmatch("don’t") and curly.fullmatch("it")
    # longest first: the longer word wins where both start
    assert re.match(prefilter.alternation(["pin", "pincode"]), "pincode").group() == "pincode"
