"""A national id told by any word of identity and read by its checksum (secrets/national_ids.py), a
document's machine-readable zone read by its check digits (secrets/mrz_lines.py), fuel and fleet
cards by their names. Every sentence and value here was written for this file; the ids are computed
to pass their python-stdnum module (or, for the kept ones, stand beside a word that makes them public)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import mrz_lines, national_ids, redact_turns

WITHHELD = [
    ("no formulário pedem o número de identificação, o meu é 751216 326 3", "751216 326 3"),  # bg.egn
    ("per il contratto serve il numero di identità: 24301240064", "24301240064"),  # lt.asmens
    ("мой идентификационный номер для банка 36805250709", "36805250709"),  # ee.ik
    ("su número de identificación personal es 44031401333, no lo compartas", "44031401333"),  # pl.pesel
    ("Für die Anmeldung brauchen sie die Identifikationsnummer meines Vaters: 37 574 261 894", "37 574 261 894"),
    ("Citizen ID of my wife, for the visa form: 7703305594089", "7703305594089"),  # za.idnr
]

KEPT = [
    ("the identity verification order number is 44031401333", "44031401333"),
    ("Identification of the company: DUNS 150483782", "150483782"),
    ("identity check done, call me on 0612345678", "0612345678"),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_identity_word_and_checksum_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_identity_word_beside_a_public_label_kept(text: str, value: str) -> None:
    assert not national_ids.spans(text)
    assert value in redact_turns([text])[0]


def _check(field: str) -> str:
    value = {**{str(d): d for d in range(10)}, "<": 0, **{chr(65 + i): 10 + i for i in range(26)}}
    return str(sum(value[ch] * (7, 3, 1)[i % 3] for i, ch in enumerate(field)) % 10)


def _td3_second(number: str, state: str, birth: str, sex: str, expiry: str) -> str:
    line = f"{number}{_check(number)}{state}{birth}{_check(birth)}{sex}{expiry}{_check(expiry)}"
    return (line + "<" * 44)[:42] + "<0"


def test_mrz_lines_withheld_by_check_digits() -> None:
    second = _td3_second("K7Q21M8T0", "IRL", "900215", "M", "330601")
    names = "P<IRLMURPHY<<SEAN<PATRICK<<<<<<<<<<<<<<<<<<<"
    text = f"copying the passport bottom for the agent:\n{names}\n{second}"
    found = {text[a:b] for a, b, _ in mrz_lines.spans(text)}
    assert found == {names, second}
    out = redact_turns([text])[0]
    assert "K7Q21M8T0" not in out and "MURPHY" not in out


def test_mrz_partial_line_and_specimen() -> None:
    second = _td3_second("K7Q21M8T0", "IRL", "900215", "M", "330601")
    assert mrz_lines.spans(f"the line says {second[:28]}") == []  # no filler typed: not read as a zone
    assert mrz_lines.spans(f"the line says {second[:30]}")  # a partial line with its filler
    assert mrz_lines.spans(second)
    assert mrz_lines.spans("I<DEUK7Q21M8T0" + _check("K7Q21M8T0") + "<<<<<<<<<<<<<<<")
    specimen = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n" + _td3_second("L898902C3", "UTO", "740812", "F", "120415")
    assert mrz_lines.spans(specimen) == []
    wrong = second[:9] + str((int(second[9]) + 1) % 10) + second[10:13] + "9" * 15 + second[28:]
    assert mrz_lines.spans(wrong) == []  # no check digit holds: a run of capitals and fillers


@pytest.mark.parametrize(("text", "value"), [
    ("Die Tankkarte vom Firmenwagen hat die Nummer 7002 1290 4047 9669", "7002 1290 4047 9669"),
    ("mijn tankpas: 7002129040479669", "7002129040479669"),
    ("номер топливной карты 7071 3982 5979 1900", "7071 3982 5979 1900"),
    ("yakıt kartı numarası 7071398259791900", "7071398259791900"),
])
def test_fuel_cards_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_fuel_card_ending_kept() -> None:
    text = "the fleet card ending 9669 paid 61.40 at the station"
    assert "9669" in redact_turns([text])[0]


def test_value_said_before_its_identity_word() -> None:
    # pl.pesel said first, its name after; a country's own name admits its id without a check digit (dk.cpr)
    assert national_ids.spans("44031401333 — to numer PESEL mojej mamy")
    assert national_ids.spans("271062-4629 er min søns CPR")
    assert not national_ids.spans("order 44031401333 for my identity card holder")


def test_value_named_by_the_next_turn() -> None:
    assert national_ids.named_by_next("17261716090", "bu benim TC kimlik numaram, kaydet")  # tr.tckimlik
    assert not national_ids.named_by_next("17261716090", "bu sipariş numarası, kimlik için değil")
    assert not national_ids.named_by_next("ok thanks", "that's my identity number")


def test_a_country_name_is_a_whole_word() -> None:
    # "nas" (a Canadian SIN in French) does not begin "naslouchadla" (a hearing aid)
    assert not national_ids.spans("sériové číslo naslouchadla 868297206230289")


@pytest.mark.parametrize("text", [
    "la tarjeta de la empresa para el pedido de recambios: 5187 2807 5274 3296 exp 09/31",
    "booking card on file 5187 2807 5274 3296, cvv 993",
])
def test_card_with_its_details_after_a_public_label_withheld(text: str) -> None:
    assert "5274 3296" not in redact_turns([text])[0]


def test_order_number_without_card_details_kept() -> None:
    assert "5187 2807 5274 3296" in redact_turns(["order number 5187 2807 5274 3296 shipped today"])[0]


def test_expiry_named_in_the_turn_after_a_card() -> None:
    out = redact_turns(["4929 1405 2231 1467", "la uso para el gimnasio, con la tarjeta de débito, vence 04/30"])
    assert "04/30" not in out[1]
    kept = redact_turns(["order 3714 874501 16520 arrives", "delivery expected 02/31 or so"])
    assert "02/31" in kept[1]
