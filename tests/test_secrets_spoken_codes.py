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

MEMORABLE_LATER = [
    (["Memorable word (letters 3, 5, 6 asked): Pelican"], ["Pelican"]),
    (["the building society's memorable word. The word is harpsichord."], ["harpsichord"]),
    (["memorable info for Nationwide, it's CHESTNUT"], ["CHESTNUT"]),
    (["Which characters of the memorable word did they ask?", "2nd and 6th. The word is 'quillpen'"], ["quillpen"]),
    (["PIN (Mastercard): 7730"], ["7730"]),
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

SHORT_PINS = [
    (["Grandma wants me to keep her phone PIN. It's 6017."], ["6017"]),
    (["the paramedic asked for his phone passcode, my brother knew it — it's 381204"], ["381204"]),
    (["I use my wedding year 1991 as my phone PIN"], ["1991"]),
    (["he set 908172 as his GCash MPIN"], ["908172"]),
    (["5082 — that's the code to unlock my Kindle"], ["5082"]),
    (["for the office voicemail dial *98 then 30471"], ["30471"]),
    (["Para el buzón de voz marca 177 y luego mete 6093"], ["6093"]),
    (["Pour la messagerie vocale, composez le 666 puis tapez 2718"], ["2718"]),
    (["Entsperrmuster am Handy: 7 4 1 2 3"], ["7 4 1 2 3"]),
    (["her phone pattern is a Z, written as 1-2-3-5-7-9"], ["1-2-3-5-7-9"]),
    (["PIN ya Airtel Money ni 8, 1, 7, 5"], ["8, 1, 7, 5"]),
    (["奶奶的手机密码，我问了，她说是 6620"], ["6620"]),
    (["رقم PUK للشريحة الجديدة من المتجر 61029384"], ["61029384"]),
    (["Telephone banking - customer number 60192837, password marmalade"], ["60192837", "marmalade"]),
    (["we set the SIM PIN on grandpa's phone, after a long call it's 4545"], ["4545"]),
    (["Die PIN vom Tablet hat Oma notiert. Sie lautet 7204."], ["7204"]),
    (["coloquei 6060 como senha do tablet"], ["6060"]),
    (["Oma's voicemail: 3 9 1 7"], ["3 9 1 7"]),
    (["the rowing club portal: member # 60291, PIN 4182"], ["60291", "4182"]),
    (["What's the voicemail PIN?", "6390"], ["6390"]),
    (["the branch number and your account number?", "0412 77102938"], ["77102938"]),
]

KEPT = [
    (["Keep your memorable word safe and never share it with anyone"], ["memorable word"]),
    (["Кодовое слово можно поменять в отделении банка"], ["Кодовое слово"]),
    (["My memorable word is the name of my first cat, you know which one"], ["first cat"]),
    (["the keyword for the search is mortgage"], ["mortgage"]),
    (["Kundennummer 5502918 steht oben rechts auf der Rechnung", "Die Hotline ist 0800 1234567"], ["5502918"]),
    (["user ID 55029183 is my employee number at work"], ["55029183"]),
    (["le service client en ligne: 01 23 45 67 89"], ["01 23 45 67 89"]),
    (["El código CNAE de mi tienda es 4711 (comercio). ¿Está bien?"], ["4711"]),
    (["voicemail: dial 121 then press 1 to listen"], ["121"]),
    (["the pattern of the floor tiles is 1-2-1-2 in the hall"], ["1-2-1-2"]),
    (["Mum asked me to note her phone PIN. It's in the kitchen drawer."], ["kitchen drawer"]),
    (["the voicemail said the parcel 55120934 is ready"], ["55120934"]),
    (["What's the credit union's branch number?", "0733"], ["0733"]),
    (["I forgot my memorable word, it's SO annoying"], ["annoying"]),
    (["voicemail: 1571"], ["1571"]),
    (["we picked 2004 as the code name for the class reunion"], ["2004"]),
    (["Forgot the voicemail code again. It's 2026 and this still happens"], ["2026"]),
    (["contraseña cambiada; mi número de pedido es 7730192"], ["7730192"]),
    (["Die neue PIN kam per Post. Die Postleitzahl lautet 80331."], ["80331"]),
    (["customer number 60192837 on the letter, password forgotten"], ["forgotten"]),
    (["client no 60192837, password manager"], ["manager"]),
    (["member # 60291 for the rowing club newsletter"], ["60291"]),
    (["Since 2011 as the bank's customer my PIN never changed"], ["2011"]),
    (["voicemail from the vet, then 1115 appointment moved"], ["1115"]),
    (["She called at 1645 as my login was broken"], ["1645"]),
    (["The bank asked for my memorable word. It's fine, I remembered."], ["fine"]),
    (["What number do I ring for voicemail?", "1571"], ["1571"]),
    (["¿Cuál es el número de sucursal del banco?", "0182"], ["0182"]),
]


@pytest.mark.parametrize(("turns", "values"), MEMORABLE_WORDS)
def test_memorable_word_withheld(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), MEMORABLE_LATER)
def test_memorable_word_after_a_bracket_or_later(turns: list[str], values: list[str]) -> None:
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


@pytest.mark.parametrize(("turns", "values"), SHORT_PINS)
def test_short_pin_later_before_keyed_or_drawn(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value not in shown, shown


@pytest.mark.parametrize(("turns", "values"), KEPT)
def test_look_alike_kept(turns: list[str], values: list[str]) -> None:
    shown = _shown(turns)
    for value in values:
        assert value in shown, shown
