"""A plain word given a password's role by grammar (secrets.password_roles) and two plain words a slash
joins after a login's or a service's word (secrets.login_pairs)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import login_pairs, password_roles, redact_turns


def _found(text: str) -> list[str]:
    return [text[a:b] for a, b, _ in password_roles.spans(text)]


@pytest.mark.parametrize(("text", "value"), [
    ("we went with 'marigold' as the family password", "marigold"),
    ("I picked harbourside as my laptop password", "harbourside"),
    ("ich benutze Zitronenbaum als Kennwort fürs Tablet", "Zitronenbaum"),
    ("elegí 'cometa' como contraseña del router", "cometa"),
    ("escolhi jabuticaba como senha", "jabuticaba"),
    ("ho scelto pistacchio come password", "pistacchio"),
    ("używamy kasztan jako hasło do wszystkiego", "kasztan"),
    ("jag valde hallonbåt som lösenord", "hallonbåt"),
    ("als Passwort nehmen wir Rotkehlchen", "Rotkehlchen"),
    ("as the password I chose quicksilver", "quicksilver"),
    ("şifre olarak karanfil kullanıyoruz", "karanfil"),
    ("juniper is our shared drive password", "juniper"),
    ("Schneeglöckchen ist das Passwort vom Laptop", "Schneeglöckchen"),
    ("girasole è la password della nonna", "girasole"),
    ("kastanje is het wachtwoord voor de wifi", "kastanje"),
    ("the username is ferdinand, password olive", "olive"),
    ("Benutzer opa und Passwort Dackel", "Dackel"),
])
def test_a_plain_word_in_a_password_role_found(text: str, value: str) -> None:
    assert value in _found(text)


@pytest.mark.parametrize("text", [
    "I use my birthday as the password, I know",         # a description, not the value
    "don't use your pet's name as a password",            # advice
    "we use KeePass as our password manager",             # a tool
    "uso keepass come gestore di password",               # the tool's role named before the name
    "Bitwarden is my password manager",
    "what is the password for the wifi?",
    "this is the password problem I told you about",
    "never use dictionary words as your password",
    "the username is ferdinand, password forgotten again",
    "Netflix is the account we share",
])
def test_talk_about_a_password_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("Deezer: lotte / pannenkoek", "pannenkoek"),
    ("the library account → ingrid / bookworm", "bookworm"),
])
def test_two_plain_words_a_slash_joins_after_a_service(text: str, value: str) -> None:
    assert value in [text[a:b] for a, b, _ in login_pairs.spans(text)]


@pytest.mark.parametrize("text", [
    "which account: personal / business?",
    "the app runs on android / ios",
    "login: email / phone",
])
def test_choices_a_slash_joins_kept(text: str) -> None:
    assert login_pairs.spans(text) == []


def test_redacted_in_a_conversation() -> None:
    out = redact_turns(["what did you set for the tablet?", "we chose 'blackcurrant' as the password"])
    assert "blackcurrant" not in out[-1]


@pytest.mark.parametrize(("turns", "login"), [
    (["anmeldung vereinsportal schatzmeisterin kennwort Kegelbahn#12"], "schatzmeisterin"),
    (["konto klubowe: użytkownik sekretarz i hasło Wiosna!2024"], "sekretarz"),
    (["pour le site de la chorale, identifiant alto2 mdp Partition-77"], "alto2"),
    (["logowanie do panelu skarbnik hasło", "Zlotowka_88"], "skarbnik"),
    (["kirjautuminen seuran sivuille", "rahastonhoitaja", "salasana Kesä!2023"], "rahastonhoitaja"),
])
def test_a_plain_login_beside_its_password_withheld(turns: list[str], login: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns
    from fact_memory_graph.secrets import revealed_by_next
    red, held = redact_turns(list(turns)), withheld_turns(turns)
    forgotten = {n for n in range(len(turns) - 1) if revealed_by_next(turns[n], turns[:n], turns[n + 1])}
    assert not any(login in red[n] for n in range(len(turns)) if not held[n] and n not in forgotten)


@pytest.mark.parametrize("turns", [
    ["my username on the club forum is schatzmeisterin"],
    ["ho cambiato la password del portale soci", "ricordami di farlo ogni 3 mesi"],
    ["konto klubowe ma nowego skarbnika"],
])
def test_a_login_alone_kept(turns: list[str]) -> None:
    assert redact_turns(list(turns))[0] == turns[0]
