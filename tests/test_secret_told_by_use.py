"""Secrets told by what they are for or by the turn after them, not by a name before them: a value the
next turn names, a reply opened by an interjection, a security question's answer in more languages,
backup codes kept against a lost phone."""

import pytest

from fact_memory_graph.secrets import backup_code_lists, redact_secrets, redact_turns


@pytest.mark.parametrize("turns, value", [
    (["remember something for me", "Otter#2291", "that's the login for the shop's tablet"], "Otter#2291"),
    (["merk dir bitte was", "Falke88!", "ist das Passwort vom Dienstrechner"], "Falke88!"),
    (["retiens un truc", "Hibou77!", "le mot de passe du NAS"], "Hibou77!"),
    (["guárdame esto", "Gaviota5$", "es la clave del portátil de la oficina"], "Gaviota5$"),
])
def test_a_bare_value_the_next_turn_names_is_withheld(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("turns", [
    ["Settings", "that's the login page"],
    ["WELCOME10", "that's the promo code"],
    ["Dropbox", "ist das Passwort noch aktuell?"],
])
def test_a_turn_naming_a_page_or_asking_names_no_value(turns: list[str]) -> None:
    assert turns[0] in redact_turns(turns)[0]


@pytest.mark.parametrize("turns, value", [
    (["what was my Switch password", "oh right walrus banjo"], "walrus banjo"),
    (["wie war nochmal das Passwort fürs Tablet?", "ach ja, Kolibri#12"], "Kolibri#12"),
])
def test_a_reply_opened_by_an_interjection_is_the_value(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("text, value", [
    ("a biztonsági kérdés válasza Morzsa", "Morzsa"),
    ("sikkerhedsspørgsmålet: første kæledyr, svaret er Trofast", "Trofast"),
    ("întrebarea de securitate: orașul natal al mamei, răspunsul Bârlad", "Bârlad"),
    ("שאלת האבטחה: שם בית הספר הראשון, התשובה: אלונים", "אלונים"),
])
def test_a_security_answer_in_more_languages_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, codes", [
    ("keep these for when I get locked out: 20481937, 66120458, 90017733", ["20481937", "90017733"]),
    ("falls ich mein Handy verliere:\n4410 2298\n7781 0034\n1293 5560", ["4410 2298", "1293 5560"]),
    ("2FA backup: qwpd-7rtx, mn4k-zz81, a0b9-cc2e", ["qwpd-7rtx", "a0b9-cc2e"]),
])
def test_backup_codes_told_by_their_use_are_withheld(text: str, codes: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(c in out for c in codes)


@pytest.mark.parametrize("text", [
    "if I lose my phone call 0412 345 678",
    "backup flight 4417 on the 12th, gate 22",
    "two-factor login took 20 minutes today",
    "my new phone arrived, order 48213307",
])
def test_numbers_near_such_words_are_no_code_list(text: str) -> None:
    assert backup_code_lists.spans(text) == []


@pytest.mark.parametrize("text, value", [
    ("the office wifi password is three words, lowercase, with dashes: otter-lantern-fig", "otter-lantern-fig"),
    ("the backup admin password is four words all lower case maple orbit quartz velvet", "maple orbit quartz velvet"),
    ("das Passwort sind drei Wörter, klein geschrieben: tanne wolke kiesel", "tanne wolke kiesel"),
    ("la contraseña son tres palabras en minúsculas: perro nube vela", "perro nube vela"),
])
def test_a_passphrase_told_by_its_word_count_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the password must be at least four words long",
    "use a password of four words, all lowercase, like the xkcd comic says",
    "my password is two words and a number, I'll text it to you later",
])
def test_rules_and_examples_of_passphrases_are_kept(text: str) -> None:
    from fact_memory_graph.secrets import counted_passphrases

    assert counted_passphrases.spans(text) == []


@pytest.mark.parametrize("text, value", [
    ("Notion is priya.k@proton.me / moonlitharbour", "moonlitharbour"),
    ("dropbox -> sam.w@gmx.de | Kiwi!2290", "Kiwi!2290"),
    ("for the school portal you type goldfinch77 after the email", "goldfinch77"),
    ("Pelikan#5 - thats what i type after the username on the gym app", "Pelikan#5"),
])
def test_a_password_beside_its_email_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "contact anna@venue.com / bookings@venue.com",
    "write to info@shop.de / Kundenservice",
    "CC: tom@x.org / jerry@y.org",
    "email me at rosa@flowers.com / or call 0161 496 0000",
    "you type your password after the email",
])
def test_an_address_beside_another_or_a_name_is_kept(text: str) -> None:
    from fact_memory_graph.secrets import email_logins

    assert email_logins.spans(text) == []


@pytest.mark.parametrize("text, value", [
    ("they want letters 3 and 6 of the word when I call… it's Nightingale", "Nightingale"),
    ("Quokka - that's the word nationwide asks for on the phone", "Quokka"),
    ("memorable word for barclays Tamarind they ask for letters 1 and 4", "Tamarind"),
    ("die Bank fragt immer Buchstaben 2 und 5 ab, es ist Zitronenfalter", "Zitronenfalter"),
])
def test_a_memorable_word_beside_the_letters_asked_of_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "they ask for letters 2 and 5 of your memorable word, never the whole thing",
    "the 2nd and 5th letters of the alphabet are b and e",
    "Serendipity - that's the word I want here",
])
def test_letters_talk_without_a_word_is_kept(text: str) -> None:
    from fact_memory_graph.secrets import asked_letters

    assert asked_letters.spans(text) == []
