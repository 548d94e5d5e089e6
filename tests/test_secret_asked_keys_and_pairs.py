"""Login pairs joined by a dash, an arrow or "then" after a site's word; a question for a credential
answered in the same turn; a generic "key?" answered after a turn about a Wi-Fi or a device."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import asked_keys, login_pairs, redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


SECRETS = [
    (["the parents' portal: j.okafor_2 — mangotree"], ["mangotree"]),
    (["Elternportal: k.weber → Pusteblume"], ["Pusteblume"]),
    (["na plataforma da escola entra com ana.souza7 depois borboleta"], ["borboleta"]),
    (["portail de la mairie : dupont.l / Coquelicot!"], ["Coquelicot!"]),
    (["сайт поликлиники: ivanova_m / Ромашка!"], ["Ромашка!"]),
    (["the wifi pw? marmalade"], ["marmalade"]),
    (["Passwort fürs Netflix? Zitronenbaum77"], ["Zitronenbaum77"]),
    (["mot de passe du wifi ? coquillage"], ["coquillage"]),
    (["router in the study", "and the key?", "hummingbird"], ["hummingbird"]),
    (["el wifi de la casa de la playa", "y la clave?", "caracola"], ["caracola"]),
    (["mein neues Handy", "und der Code?", "730519"], ["730519"]),
    (["la rete dell'ufficio", "e la chiave?", "Girasole#4"], ["Girasole#4"]),
]

KEPT = [
    (["my twitch is pixel.fox — follow me"], ["pixel.fox"]),
    (["the app: version 2.3 / 2.4.1"], ["2.4.1"]),
    (["did you change the password? yesterday"], ["yesterday"]),
    (["what's the wifi called? Casa_Lopez"], ["Casa_Lopez"]),
    (["where's the key? kitchen drawer"], ["kitchen"]),
    (["and the key?", "under the mat"], ["mat"]),
    (["my accounts: steam frost.byte / xbox NoScope"], ["frost.byte"]),
]


@pytest.mark.parametrize(("turns", "needles"), SECRETS)
def test_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), KEPT)
def test_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown


def test_readers_without_their_cue_find_nothing() -> None:
    assert login_pairs.spans("nice weather / sunny afternoon") == []
    assert asked_keys.in_turn_spans("no question here, bluebird") == []
    assert asked_keys.thread_spans("lemontree", ("we had lunch", "and the key?")) == []


JUXTAPOSED = [
    (["Passwort vom Elternportal nordseekrabbe"], ["nordseekrabbe"]),
    (["contraseña del portátil girasolazul porfa recuérdalo"], ["girasolazul"]),
    (["lösenord till jobbmejlen älgskogen"], ["älgskogen"]),
    (["пароль от почты берёзоваяроща не забудь"], ["берёзоваяроща"]),
    (["wachtwoord van de voetbalclub tulpen_molen_kaasboer"], ["tulpen_molen_kaasboer"]),
    (["the allotment society password marrow-trowel-greenhouse"], ["marrow-trowel-greenhouse"]),
    (["kata sandi email kantor mangganipis"], ["mangganipis"]),
    (["the pw for grandma's tablet bumblebees!"], ["bumblebees"]),
]

JUXTAPOSED_TALK = [
    (["I reset the password for netflix yesterday"], ["netflix", "yesterday"]),
    (["Passwort für das Konto abgelaufen"], ["abgelaufen"]),
    (["la contraseña del banco caducada otra vez"], ["caducada"]),
    (["zmieniłem hasło do banku"], ["banku"]),
    (["we moved the password reset to the self-service page"], ["self-service"]),
    (["password login disabled on the server"], ["disabled"]),
    (["パスワードは1Passwordで管理しています"], ["1Password"]),
]


@pytest.mark.parametrize(("turns", "needles"), JUXTAPOSED)
def test_juxtaposed_password_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), JUXTAPOSED_TALK)
def test_talk_after_a_password_name_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown


WIFI = [
    (["the guest wifi is mangolassi77 on Villa_Sol"], ["mangolassi77"]),
    (["el wifi es tortuguita en la red Casa-Playa"], ["tortuguita"]),
    (["auf dem Aufkleber am Router steht kq7mzt28xp"], ["kq7mzt28xp"]),
    (["the label under the modem reads WPA key: Tz8vBq2mLx"], ["Tz8vBq2mLx"]),
    (["conecta-te à Casa_Lobo com amoreira22"], ["amoreira22"]),
    (["Vereinskonto", "kassierer_3 ⚽", "Elfmeter-Tor-77"], ["Elfmeter-Tor-77"]),
    (["accès au portail des parents", "l.martin5 / Hirondelle!2"], ["Hirondelle!2"]),
]

WIFI_TALK = [
    (["the barcode on the back of the book reads 9780306406157"], ["9780306406157"]),
    (["the wifi is slow on weekends"], ["weekends"]),
    (["join the club with friends tonight"], ["friends"]),
    (["the router says connected but nothing loads"], ["connected"]),
]


@pytest.mark.parametrize(("turns", "needles"), WIFI)
def test_wifi_keys_and_pairs_over_turns_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), WIFI_TALK)
def test_wifi_talk_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown


@pytest.mark.parametrize(("turns", "needle"), [
    (["Brombeere4 thats what i typed for the library login"], "Brombeere4"),
    (["Pfirsich9 is what dad always uses for his email password"], "Pfirsich9"),
    (["the word you type after the email on the council site", "gooseberry"], "gooseberry"),
])
def test_value_said_first_or_after_where_it_is_typed(turns: list[str], needle: str) -> None:
    assert needle not in _shown(turns)


def test_thanks_after_where_a_password_is_typed_kept() -> None:
    assert "thanks" in _shown(["the word you type after the email on the council site", "thanks"])


@pytest.mark.parametrize("text", [
    "Zalando को युजर rita.k@web.de पासवर्ड Himalaya#8",
    "b.sousa@mail.pt senha Andorinha#5 para o portal",
])
def test_an_email_right_before_a_password_is_its_login(text: str) -> None:
    shown = _shown([text])
    assert "@" not in shown and "#" not in shown, shown


def test_an_email_beside_no_password_kept() -> None:
    assert "help@shop.example" in _shown(["write to help@shop.example for returns"])
