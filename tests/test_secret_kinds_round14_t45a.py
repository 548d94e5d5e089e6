"""Round 14 (t45a): bank and portal logins, memorable words, voicemail / device / SIM / wallet PINs;
own sentences and values."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


MEMORABLE_WORDS = [
    (["Кодове слово в Ощадбанку: Калинка"], ["Калинка"]),
    (["Słowo kluczowe w banku: porzeczka"], ["porzeczka"]),
    (["Kodord hos Nordea: Hallonsylt"], ["Hallonsylt"]),
    (["codewoord voor de Rabobank: Kikkerdril"], ["Kikkerdril"]),
    (["Η κωδική λέξη για την τράπεζα είναι Βερίκοκο"], ["Βερίκοκο"]),
    (["מילת הקוד שלי בבנק היא אבטיח"], ["אבטיח"]),
    (["kata rahasia untuk telepon bank: Kenanga"], ["Kenanga"]),
    (["Memorable data: Kendal1979"], ["Kendal1979"]),
    (["Barclays passnumber 73019"], ["73019"]),
    (["security word for phone banking is Marmalade"], ["Marmalade"]),
]

USER_NAMES = [
    (["Brugernavn til netbanken: 61029384", "Adgangskode: Rugbrod7"], ["61029384"]),
    (["Användarnamn till internetbanken: 70192834", "lösenord: Kanelbulle3"], ["70192834"]),
    (["Korisničko ime za e-bankarstvo: 48102937", "lozinka: Jadran2022"], ["48102937"]),
    (["Felhasználónév a netbankhoz: 39281047", "jelszó: Balaton88"], ["39281047"]),
    (["Nume de utilizator la bancă: 29384710", "parola: Carpati7"], ["29384710"]),
]

ONLINE_AND_KEYS = [
    (["banque en ligne : identifiant 6620193847, code secret 502918"], ["6620193847", "502918"]),
    (["banca en línea: usuario 88102937 clave 5120"], ["88102937", "5120"]),
    (["app do Itaú: chave de segurança 771203 e senha 4402"], ["771203", "4402"]),
    (["clave de seguridad del banco: 509183"], ["509183"]),
]

KEPT = [
    (["Keep your memorable word safe and never share it with anyone"], ["memorable word"]),
    (["Кодовое слово можно поменять в отделении банка"], ["Кодовое слово"]),
    (["My memorable word is the name of my first cat, you know which one"], ["first cat"]),
    (["the keyword for the search is mortgage"], ["mortgage"]),
    (["Kundennummer 5502918 steht oben rechts auf der Rechnung", "Die Hotline ist 0800 1234567"], ["5502918"]),
    (["user ID 55029183 is my employee number at work"], ["55029183"]),
    (["le service client en ligne: 01 23 45 67 89"], ["01 23 45 67 89"]),
]


@pytest.mark.parametrize(("turns", "values"), MEMORABLE_WORDS)
def test_memorable_word_withheld(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), USER_NAMES)
def test_user_name_label_in_more_languages(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), ONLINE_AND_KEYS)
def test_online_is_no_phone_line_and_bank_keys(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), KEPT)
def test_look_alike_kept(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value in shown, shown
