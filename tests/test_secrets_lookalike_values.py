"""Round fourteen (t45d): look-alikes a secret's name stands near — dates, commits, postal codes and
Indian postal PINs, sign-in methods and password managers, famous examples and factory defaults, template
slots, legal entities' tax ids, VINs, payment handles — kept; the secrets beside them withheld.
Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    # dates after a word of time
    ("password changed 2025-03-14 per audit log", "2025-03-14"),
    ("my password expires on 14/03/2026", "14/03/2026"),
    ("el PIN caduca el 30/06/2026", "30/06/2026"),
    ("Passwort gültig bis 31.12.2026", "31.12.2026"),
    ("パスワードの有効期限は2026年3月31日", "2026年3月31日"),
    # commits and checksums
    ("the password column migration is in commit e83c5163316f89bfbde7d9ab23ca2e25604af290",
     "e83c5163316f89bfbde7d9ab23ca2e25604af290"),
    ("der Hash vom letzten Commit ist 9c4e1f2, die Tokens sind rotiert", "9c4e1f2"),
    ("el último commit es b7e2d91 y cambia el login", "b7e2d91"),
    # Indian postal PINs and postal codes after their names
    ("pin: 201301 noida sector 62", "201301"),
    ("they asked for my PIN || it's 411038, Kothrud, Pune — the postal one", "411038"),
    ("the PIN of the village post office is 144411 (Punjab), nothing secret", "144411"),
    ("gaon ka pin 248001 hai, ATM pin nahi", "248001"),
    ("המיקוד של הדירה החדשה 6423912", "6423912"),
    ("Postleitzahl unseres Vereinsheims: 50667", "50667"),
    # a sign-in method or a password manager where a password would stand
    ("senha do app trocada, agora é biometria", "biometria"),
    ("troquei a senha do email, agora uso o Bitwarden", "Bitwarden"),
    ("Passwörter liegen bei mir im KeePassXC", "KeePassXC"),
    ("my password was in the Dropbox leak years ago, changed since", "Dropbox"),
    ("パスワードは1Passwordで管理してる", "1Password"),
    # famous examples and factory defaults
    ("haha my password is hunter2, classic bash.org joke", "hunter2"),
    ("a placa de teste diz senha: 1234 — é o padrão de fábrica", "1234"),
    ("Mot de passe par défaut : admin (sur l'étiquette du routeur, à changer)", "admin"),
    ("pick a PIN other than 1234 or 0000, the bank says", "1234"),
    ("PAN: ABCDE1234F jaisa format hona chahiye", "ABCDE1234F"),
    # template slots
    ("the wiki says PIN: [your PIN] and password: [your password]", "[your PIN]"),
    ("the form says PIN: [enter PIN] until you choose one", "[enter PIN]"),
    ("sample .env: API_KEY=[REPLACE ME]", "[REPLACE ME]"),
    ("In der Vorlage steht Passwort: DeinPasswortHier", "DeinPasswortHier"),
    # public ids by shape and name
    ("Fahrgestellnummer: WF0XXXGCDX1234567, für die Versicherung", "WF0XXXGCDX1234567"),
    ("Amazon order 405-1234567-8901234 never came", "405-1234567-8901234"),
    ("注文番号 503-2217744-1190023 がまだ届かない", "503-2217744-1190023"),
    ("el NIF de la asociación que organiza la carrera: G28714301", "G28714301"),
    ("cash app me the $15: $MiloTacos", "$MiloTacos"),
    ("venmo for the bake sale: @Pta-Lincoln-Elem", "@Pta-Lincoln-Elem"),
    # masks, timestamps, rooms, queue tickets, template heads
    ("the bank form wants 'Your PIN: ####' filled by hand", "####"),
    ("the card reader log says PIN OK at 2025-11-02 09:41", "2025-11-02"),
    ("a senha do curso de francês é a sala 214, segundo andar", "214"),
    ("the code word for the party is silly hats, we meet in hall 3B", "3B"),
    ("a senha da fila do cartório era C118, demorou demais", "C118"),
    ("config: JWT_SECRET=replace-me-before-deploy", "replace-me-before-deploy"),
    ("kodi postar 1001 Tiranë", "1001"),
    ("Passwort: [geschwärzt]", "[geschwärzt]"),
    # checksummed parcels, street addresses, devices, a CNPJ named after it
    ("forgot my PIN again; the parcel RU123456785CN is stuck in customs", "RU123456785CN"),
    ("the pin I dropped on the map is the bakery at 221 Harbour Rd", "221 Harbour Rd"),
    ("the PIN pad at the pharmacy is an Ingenico Move 5000", "Move 5000"),
    ("manda o pix pra 11.222.333/0001-81 (cnpj do brechó)", "11.222.333/0001-81"),
]

WITHHELD = [
    ("my password is 14/03/1990", "14/03/1990"),
    ("password changed to 2024-12-25 last night", "2024-12-25"),
    ("password: 5f2b9c1e", "5f2b9c1e"),
    ("my API secret is a3f9c2e1b7d4e5f6a7b8c9d0", "a3f9c2e1b7d4e5f6a7b8c9d0"),
    ("ATM pin 560034 hai, kisi ko mat batana", "560034"),
    ("pin: 411038 for my debit card", "411038"),
    ("my pin is 600028 chennai lol don't tell", "600028"),
    ("zip code for the card billing is 94103 and the card PIN 6612", "6612"),
    ("PLZ 80331, Tresorcode 4471", "4471"),
    ("my password is hunter2", "hunter2"),
    ("my PIN is 0000 lol", "0000"),
    ("password for the router is admin, changed from the default", "admin"),
    ("the password is passkey2024!", "passkey2024!"),
    ("the LastPass master password is Kettle&Moon42", "Kettle&Moon42"),
    ("the wifi password starts with Marble and ends with 9921", "Marble"),
    ("Das Passwort fürs Konto fängt mit Eisbär an", "Eisbär"),
    ("my password is YourPasswordIs8", "YourPasswordIs8"),
    ("password: [Greenhouse7]", "Greenhouse7"),
    ("my PIN is 7719, not 1234", "7719"),
    ("mi CUIT es 20-31877452-9 para facturar", "20-31877452-9"),
    ("tengo NIE: Y4410287M para el padrón", "Y4410287M"),
    ("venmo password is @Bluebird-44", "@Bluebird-44"),
    ("the door code is B12, I waited in the queue for ages", "B12"),
    ("my postcode is the padlock code: 2231", "2231"),
    ("password: 2025-03-09 14:07", "2025-03-09"),
    ("my password is RU123456785CN", "RU123456785CN"),
    ("the door code is 2244, Baker Street", "2244"),
    ("the PIN pad shows 4471", "4471"),
    ("the card reader says the code is 88 12 44", "88 12 44"),
    ("safe code in the office 2291", "2291"),
    ("kode brankas di ruang 4417", "4417"),
    ("my password is sample-Horse-Battery", "sample-Horse-Battery"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_lookalike_kept(text: str, value: str) -> None:
    assert value in " ".join(redact_turns(text.split(" || ")))


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_secret_withheld(text: str, value: str) -> None:
    assert value not in " ".join(redact_turns(text.split(" || ")))
