"""A card typed in pieces (words, emojis, digits said apart between the groups), its expiry and code
beside it or in the next turn; a secret's name with what it is for before its value; a code a text
message brought; a value that unlocks a device. Their look-alikes keep their values. Values and
sentences written for this test (none from a corpus); the card numbers are random Luhn-valid ones."""
import pytest

from .helpers import kept_in_thread

SECRETS = [
    (["visa: 4666 then 1760 then 3137 then 2159"], ["4666", "1760", "3137", "2159"]),
    (["5101 🙈 0928 🙈 1590 🙈 1396"], ["5101", "0928", "1590", "1396"]),
    (["карта 6011 9180 5888 71 и ещё 8 0"], ["6011 9180 5888 71"]),
    (["Karte 4666176031372159 gültig bis 08/29"], ["4666176031372159", "08/29"]),
    (["amex 371215472803852, vence el 10/2028"], ["371215472803852", "10/2028"]),
    (["what's on the back of my card? 07/31 482"], ["07/31", "482"]),
    (["il CVV è 318", "scade 12/29"], ["318", "12/29"]),
    (["PIN für das Online-Banking: 40917"], ["40917"]),
    (["la contraseña del portal de empleados: Gato!Azul7"], ["Gato!Azul7"]),
    (["wachtwoord voor de ouderportal? kastanjeboom"], ["kastanjeboom"]),
    (["hasło do poczty: Zielony#88"], ["Zielony#88"]),
    (["the bank texted me 883 104, what do I do with it"], ["883 104"]),
    (["recebi um SMS com 662901 pra entrar no app"], ["662901"]),
    (["748213 unlocks my laptop btw"], ["748213"]),
    (["2580 desbloquea el móvil de papá"], ["2580"]),
    (["what was the password for grandpa's tablet?", "oh I remember, Ruisseau7"], ["Ruisseau7"]),
    (["das WLAN im Ferienhaus?", "Seerosenteich"], ["Seerosenteich"]),
    (["jaka była wifi w domku?", "pamiętam: Brzozowa44"], ["Brzozowa44"]),
    (["K0ralowy!9 to moje hasło do banku"], ["K0ralowy!9"]),
    (["Ljusstake55 är lösenordet till routern"], ["Ljusstake55"]),
    (["tartalék kódok: 4k2m-88qz 9pl1-x0aa"], ["4k2m-88qz", "9pl1-x0aa"]),
    (["my bank pin is 0000 sadly"], ["0000"]),
    (["pinul de la card e 8841"], ["8841"]),
    (["wifi at grandma's is Tulpe-7781"], ["Tulpe-7781"]),
    (["passwords are a pain, mine for the gym app is Kr0ko!dil"], ["Kr0ko!dil"]),
    (["Telefonbanking-PIN sechs Ziffern: 448201"], ["448201"]),
    (["honestly I use Kiwi!2291 for everything"], ["Kiwi!2291"]),
    (["j'utilise soleil1987 partout, c'est mal je sais"], ["soleil1987"]),
    (["das Passwort für den Router, bitte gut merken: Fuchs!Bau77"], ["Fuchs!Bau77"]),
]


@pytest.mark.parametrize(("turns", "values"), SECRETS)
def test_the_secret_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


LOOKALIKES = [
    (["order 4666 then 1760 then 3137 then 2159"], ["4666", "2159"]),
    (["we meet on 11/30 at 649 Elm Street"], ["11/30", "649"]),
    (["my new card arrives 09/27"], ["09/27"]),
    (["password for the portal: ********"], ["********"]),
    (["PIN for the hotline: <your pin>"], ["<your pin>"]),
    (["password manager: Bitwarden"], ["Bitwarden"]),
    (["password for the customer area: forgotten, I reset it"], ["forgotten"]),
    (["my aunt texted me 2024 photos of the farm"], ["2024"]),
    (["he sent me 5000 euros for the car"], ["5000"]),
    (["the 2019 model unlocks faster than my phone"], ["2019"]),
    (["pin for the campsite: 45.8326, 6.8652"], ["45.8326"]),
    (["what's the wifi password?", "I don't remember"], ["remember"]),
    (["wifi?", "tomorrow"], ["tomorrow"]),
    (["1Password is my password manager"], ["1Password"]),
    (["the sample form shows PIN: 0000"], ["0000"]),
    (["la plantilla dice código: 111111"], ["111111"]),
    (["wifi at the hostel is 300mbps"], ["300mbps"]),
    (["I use 1Password for everything"], ["1Password"]),
    (["ich nutze Python3 für alles"], ["Python3"]),
    (["i use office365 for everything at work"], ["office365"]),
]


@pytest.mark.parametrize(("turns", "values"), LOOKALIKES)
def test_the_look_alike_is_kept(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept, kept
