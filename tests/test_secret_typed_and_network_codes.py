"""Keys and codes told by what they are for: a Wi-Fi's key named by its network, a code to type in when
asked, a key issued for a licence or a download, a thing's code after a long qualifier of the thing.
Cases of our own, in several languages, both ways (a secret withheld, a look-alike kept)."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import (
    far_named_codes,
    issued_keys,
    network_keys,
    prompted_codes,
    redact_turns,
)


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


SECRETS = [
    # a network's key, by the network
    (["the visitors' network at the studio is marigold51"], ["marigold51"]),
    (["hotspot from my tablet: Qw7-rr2-Lm"], ["Qw7-rr2-Lm"]),
    (["die Gäste-Netz Kennung ist egal, Passwort lautet Fichte!2020"], ["Fichte!2020"]),
    (["mot de passe du réseau de la maison de campagne : ronce8844"], ["ronce8844"]),
    (["la red del taller: ClaveTaller_19"], ["ClaveTaller_19"]),
    (["senha da rede do escritório é jabuti2023"], ["jabuti2023"]),
    (["wachtwoord van het netwerk boven is tulp4kleur"], ["tulp4kleur"]),
    (["пароль гостевой сети в офисе: sosna1987"], ["sosna1987"]),
    (["ofisin misafir ağının şifresi çınar45ağaç"], ["çınar45ağaç"]),
    (["SSID Lindenhof_Gast / birke-77-hain"], ["birke-77-hain"]),
    (["to get online in the cabin use fjord2211"], ["fjord2211"]),
    # a code to type in when asked
    (["if you see the prompt, remember 730418 for when it asks"], ["730418"]),
    (["wenn die App fragt, gib 55 20 81 ein"], ["55 20 81"]),
    (["si l'appli le demande, tape 604 117"], ["604 117"]),
    (["quando chiede il codice metti 918273"], ["918273"]),
    (["jak poprosi o kod, wpisz 402 918"], ["402 918"]),
    (["kun se kysyy, syötä 771204"], ["771204"]),
    # keys issued for a licence, a download or a registration
    (["licence key for the drawing program: QW4R-77TY-K2LP-0MZX"], ["QW4R-77TY-K2LP-0MZX"]),
    (["il codice di attivazione del corso è CRS-4471-XB"], ["CRS-4471-XB"]),
    (["o código para baixar as provas é PRV-2290-AZ"], ["PRV-2290-AZ"]),
    (["Lizenzschlüssel fürs Schnittprogramm lautet 8HJK2-99PLM-3XQ0W"], ["8HJK2-99PLM-3XQ0W"]),
    # a thing's code after a long qualifier
    (["the key safe bolted to the wall beside the cottage's kitchen window, the grey one, is 4063"], ["4063"]),
    (["la puerta trasera del almacén de mi cuñado, la que da al patio, se abre con 9154"], ["9154"]),
    (["il cancello della casa dei nonni in campagna, quello verso l'orto, ha la combinazione 7342"], ["7342"]),
    (["de poort van de volkstuin achter het station van mijn oom: 6618"], ["6618"]),
    (["la porte du garage à vélos, au fond de la cour… celle qui grince → 3094"], ["3094"]),
    (["kassaskåpet i klädkammaren hos mormor har koden 5821"], ["5821"]),
    # a network's key in random case, read off the router, or after the network's name and a slash
    (["the studio's guest network is Fastweb-qT7wRpLmZx"], ["Fastweb-qT7wRpLmZx"]),
    (["the guest network is hollow-bRqTeMzp"], ["hollow-bRqTeMzp"]),
    (["was ist unser wlan nochmal", "moment, es steht auf dem router kP2vX9qLm4"], ["kP2vX9qLm4"]),
    (["Atelier_Nord / lantern-Quartz-58 (the wifi for the workshop)"], ["lantern-Quartz-58"]),
    (["wifi ng opisina, Bodega!2024 sabi ng manager"], ["Bodega!2024"]),
    # a value sent bare in pieces
    (["first 6620", "then 1387"], ["6620", "1387"]),
    (["primo 4419", "poi 7702"], ["4419", "7702"]),
    (["najpierw 3318", "potem 0951"], ["3318", "0951"]),
    (["先 5521", "然后 0093"], ["5521", "0093"]),
    (["les 6 premiers chiffres 4420 19", "et la fin 7731 05"], ["4420 19", "7731 05"]),
    (["parte uno: kQ7rT", "espera", "parte dos: mW4zX"], ["mW4zX"]),
    (["der Code für die Tür im 4. Stock ist 8204"], ["8204"]),
    (["3391 lets you into the staff room"], ["3391"]),
    # a bare code after a turn that says how it is keyed in, or that one came by text
    (["the numbers you key in at the bike shed", "4028"], ["4028"]),
    (["was man am Hoftor eintippt", "1968"], ["1968"]),
    (["grandma's phone just got a verification text", "660214"], ["660214"]),
]

LOOKALIKES = [
    (["the office network is called Atelier_Nord"], ["Atelier_Nord"]),
    (["SSID: Lindenhof_Gast, no password"], ["Lindenhof_Gast"]),
    (["the network at the library is eduroam2"], ["eduroam2"]),
    (["serial of the router is RT8841KQ2"], ["RT8841KQ2"]),
    (["the guest network is open this week"], ["open"]),
    (["the wifi password is on the chalkboard for everyone: espresso2024"], ["espresso2024"]),
    (["when it asks for the booking reference, type QX7741"], ["QX7741"]),
    (["enter your room number when asked, it's 2145"], ["2145"]),
    (["when it asks, the train leaves at 1845"], ["1845"]),
    (["the product key is printed on the box, ours says it ships in 2025"], ["2025"]),
    (["the door of flat 4 at my cousin's building is 2145 on the bell list"], ["2145"]),
    (["the gate for the flight to Lisbon from the north terminal is 1130"], ["1130"]),
    (["the garage at my parents' house in the village is 2500 square feet"], ["2500"]),
    (["the gate at the old mill is 1887"], ["1887"]),
    (["the office network is TP-Link_5G"], ["TP-Link_5G"]),
    (["the mac address for the network registration: 3c:22:fb:10:9a:4e"], ["3c:22:fb:10:9a:4e"]),
    (["our usual table", "table 41"], ["table 41"]),
    (["first 09:30", "then 10:15"], ["09:30", "10:15"]),
    (["first the iPhone", "then the iPad"], ["iPhone", "iPad"]),
    (["die Tür im 2. Stock ist 1907 gebaut"], ["1907"]),
    (["first we paid 1200", "then 1500 euros"], ["1200", "1500"]),
    (["my new phone number, I'll text it", "0171 2345678"], ["0171 2345678"]),
]


@pytest.mark.parametrize(("turns", "needles"), SECRETS)
def test_secret_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), LOOKALIKES)
def test_lookalike_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown


def test_readers_pay_nothing_without_their_words() -> None:
    text = "we had dinner at 1930 and talked about the 2024 election"
    assert network_keys.spans(text) == []
    assert prompted_codes.spans(text) == []
    assert issued_keys.spans(text) == []
    assert far_named_codes.spans(text) == []
