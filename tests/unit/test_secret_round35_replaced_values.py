"""Round thirty-five (t66b): a number or a code given again, and a document's number pointed at by its name.

- A correction in the next turn: the turn before withheld a value (in its own thread), this turn opens with a word of
  correction and gives another value of about its size — withheld as the same kind.
- Two values of one thing in one message ("…, the old one was …", "… no wait …"): either withheld, the other is too.
- A value before "that's the number of my <document>" ("c'est le numéro de mon …", "es el número de mi …").
- A safe's combination with its name inflected or compounded ("kombinációja", "Tresorkombination"); a code at a firm
  whose name holds "Public" ("Public Storage").
- A gate's, a barrier's or a door's code right after it with no code's word, in more languages, with a letter beside
  its digits ("barrier 70214", "geti ni 4318", "Hallentor C2271"); a keypad's code with a letter before "that's the
  … keypad / entrance".

Kept: a telephone number alone in a turn after one asking which number to call or saying where a code is sent;
a correction after a turn that withheld nothing (an order's number corrected), a telephone number after a
correction's word, a date or an amount after it, a value of another size, an old and a new telephone number,
a parcel's or an order's number pointed at; an airport's gate (three digits at most, or a trip's word beside it), a
year, a measure, a short door number, a plane's type.

Phrasings written for these tests (none from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

from ..helpers import kept_in_thread

THREADS = [
    # a correction in the next turn, in many languages and shapes
    (["the code for the bin store", "48213", "no wait, 48231"], ["48213", "48231"]),
    (["Code vom Fahrradkeller", "7712", "nein warte, 7721B"], ["7712", "7721B"]),
    (["mon numéro fiscal est 3021457788123", "oups je me suis trompé, c'est 3021457788132"],
     ["3021457788123", "3021457788132"]),
    (["mi pasaporte es XDA449120", "perdón, me equivoqué: XDA449210"], ["XDA449120", "XDA449210"]),
    (["il codice del portone è 55190", "scusa ho sbagliato, 55109"], ["55190", "55109"]),
    (["número do meu RG 12.448.901-7", "errei, é 12.448.910-7"], ["12.448.901-7", "12.448.910-7"]),
    (["mijn paspoortnummer is NP8812KL4", "oeps, fout: NP8812KL7"], ["NP8812KL4", "NP8812KL7"]),
    (["numer paszportu EK4471902", "pomyłka, EK4471920"], ["EK4471902", "EK4471920"]),
    (["номер паспорта 4509 771203", "ошибся, 4509 771230"], ["4509 771203", "4509 771230"]),
    (["pasaport numaram U40918273", "yanlış yazdım, U40918237"], ["U40918273", "U40918237"]),
    (["passnumret är 88120934", "förlåt fel, 88120943"], ["88120934", "88120943"]),
    (["PIN-koden til kortet er 6614", "ups skrev feil, det er 6641"], ["6614", "6641"]),
    (["nomor paspor saya C2218876", "maaf salah, C2218867"], ["C2218876", "C2218867"]),
    (["namba ya siri ya ATM ni 9023", "samahani nimekosea, ni 9032"], ["9023", "9032"]),
    (["mera PAN number ZXQPM4410K hai", "galat tha, sahi wala ZXQPM4401K"], ["ZXQPM4410K", "ZXQPM4401K"]),
    (["门禁密码是 660318", "打错了，660381"], ["660318", "660381"]),
    (["玄関の暗証番号は 2047", "間違えた、2074"], ["2047", "2074"]),
    # two values of one thing in one message
    (["the clinic renewed my card", "my health insurance number is HXP-448120-77, the old one was HXP-448102-77"],
     ["HXP-448120-77", "HXP-448102-77"]),
]

THREADS_ALSO = [
    # after a call's word, a value that is no telephone number, or named as a secret, stays withheld
    (["call me when you have the PIN", "4471"], ["4471"]),
    (["which number do I ring for the PIN?", "the PIN is 9052"], ["9052"]),
    # a turn that asks for an id names no line to call
    (["the surgery asked me for my NHS number", "it's 943 476 5919"], ["943 476 5919"]),
]

THREADS_KEPT = [
    # a correction after a turn that withheld nothing
    (["my order number is 771-2204918", "no wait, 771-2204981"], ["771-2204918", "771-2204981"]),
    (["the parcel's tracking number is JD30418872", "sorry, JD30418827"], ["JD30418872", "JD30418827"]),
    # a telephone number, a date, an amount after the correction's word
    (["the gate code is 4471", "sorry, call me on 07700 900414 if it fails"], ["07700 900414"]),
    (["the gate code is 4471", "no wait, it changes on 12/03/2026"], ["12/03/2026"]),
    (["my PIN is 7713", "oops, the bill was 1250 €"], ["1250"]),
    # a telephone number answering a turn about a line to call or where a code is sent
    (["which number do I ring to unblock my card PIN?", "+44 20 7946 0321"], ["+44 20 7946 0321"]),
    (["the login code goes to this number", "(415) 555-0142"], ["(415) 555-0142"]),
    (["le code SMS arrive sur quel numéro ?", "le mien c'est 06 45 21 87 30"], ["06 45 21 87 30"]),
    (["wer ruft an, wenn der Torcode nicht geht?", "die Hausverwaltung, 030 12345678"], ["030 12345678"]),
    # a value of another size: not the same thing
    (["the safe opens with 5521", "no wait, the room is 2204118"], ["2204118"]),
]

WITHHELD = [
    ("passport number K88120934, the old one was K66301221", ["K88120934", "K66301221"]),
    ("meine Steuer-ID ist 48190273651, die alte war 48190273615", ["48190273651", "48190273615"]),
    # a value before the number of a document
    ("X44812290 — that's the number of my passport, the embassy asked for it", ["X44812290"]),
    ("AB7712043 c'est le numéro de mon passeport", ["AB7712043"]),
    ("PZ4418820 es el número de mi pasaporte, ¿lo mando?", ["PZ4418820"]),
    # a gate, a barrier or a door and its code with no code's word, in more languages and shapes
    ("for the cleaners: gate 5502 then lift the latch", ["5502"]),
    ("car park barrier 70214 after six", ["70214"]),
    ("fundi akifika, geti ni 4318", ["4318"]),
    ("pintu pagar 8841 ya, jangan kasih orang lain", ["8841"]),
    ("Hallentor C2271 seit Montag", ["C2271"]),
    ("o portão 6613B e depois o elevador", ["6613B"]),
    ("ворота 5807, калитка 3319", ["5807", "3319"]),
    ("4471C — that's the staff entrance, don't share it", ["4471C"]),
    ("3380X — that's the bike shed keypad", ["3380X"]),
    # a safe's combination, its name inflected or compounded
    ("a széf kombinációja 12-40-07", ["12-40-07"]),
    ("die Tresorkombination ist 31-08-22", ["31-08-22"]),
    # a firm's name with "Public" in it says nothing public of the code
    ("the gate code at Public Storage on Main St is 7310", ["7310"]),
]

KEPT = [
    ("my new phone number is 07700 900761, the old one was 07700 900716", ["07700 900761", "07700 900716"]),
    ("the new flight is BA2291, the old one was BA2219", ["BA2291", "BA2219"]),
    ("30418872 c'est le numéro de mon colis", ["30418872"]),
    ("771220491 — that's the number of my order", ["771220491"]),
    # an airport's gate, a year, a measure, a short door number
    ("boarding closes at gate 2041, terminal 5", ["2041"]),
    ("we fly from gate 12 at 7", ["12"]),
    ("the barrier 2019 model was recalled", ["2019"]),
    ("the gate is 1200 mm wide", ["1200"]),
    ("door 12B on the left", ["12B"]),
    ("A320 — that's the plane we took", ["A320"]),
    ("the gate code is 7310, it's public anyway, posted on the door", ["7310"]),
]


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_corrected_value_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values), out


@pytest.mark.parametrize(("turns", "values"), THREADS_ALSO)
def test_a_value_after_a_call_is_still_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values), out


@pytest.mark.parametrize(("turns", "values"), THREADS_KEPT)
def test_a_corrected_lookalike_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values), out


@pytest.mark.parametrize(("text", "values"), WITHHELD)
def test_the_values_are_withheld(text: str, values: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(v in out for v in values), out


@pytest.mark.parametrize(("text", "values"), KEPT)
def test_the_lookalikes_are_kept(text: str, values: list[str]) -> None:
    out = redact_secrets(text)
    assert all(v in out for v in values), out
