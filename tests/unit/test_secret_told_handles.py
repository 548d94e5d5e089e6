"""A username told with its password refused, kept elsewhere or not needed is a handle (secrets.lone_logins)."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_thread, redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("login name @harbour_kitchens (the pw lives in my password manager)", "@harbour_kitchens"),
    ("log in as tomasz_1984 (password is on the post-it)", "tomasz_1984"),
    ("signed in as mira.k22, the password I'll keep to myself", "mira.k22"),
    ("user name is dave.okafor9, password I keep to myself", "dave.okafor9"),
    ("mon pseudo c'est lune_bleue7 (pas le mot de passe hein)", "lune_bleue7"),
    ("nom d'utilisateur : chez.marcel88 (pas le mot de passe, évidemment)", "chez.marcel88"),
    ("username only (no pw needed): brook_side", "brook_side"),
    ("user name only (no password!) for the family netflix: the_okoyes4", "the_okoyes4"),
    ("zapamiętaj login @kasia_gotuje", "@kasia_gotuje"),
    ("angemeldet als lotte.b77 (Passwort sag ich nicht)", "lotte.b77"),
])
def test_a_handle_whose_password_is_not_given_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("username bob_77 and password Tulip88!", "Tulip88!"),
    ("login name is rafael70, password is Kestrel!9", "Kestrel!9"),
    ("το username μου sakura_t και ο κωδικός tulipan911!", "tulipan911"),
    ("όνομα χρήστη admin κωδικός Walrus2019? για το eshop", "Walrus2019"),
    ("laptop login is kestrel_77", "kestrel_77"),
    ("username: bob_77 (no pw needed) password: Hedgehog#4", "Hedgehog#4"),
])
def test_a_password_beside_a_handle_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("earlier", "text", "value"), [
    (["login name"], "elec.brandt", "elec.brandt"),
    (["my user name for the council portal"], "fern_hollow22", "fern_hollow22"),
    (["username only (no pw needed)"], "@ola.bakes", "@ola.bakes"),
    (["nazwa użytkownika do forum"], "marek.z81", "marek.z81"),
])
def test_a_handle_in_the_turn_after_its_name_is_kept(earlier: list[str], text: str, value: str) -> None:
    assert value in redact_thread(text, earlier)


@pytest.mark.parametrize(("earlier", "text", "value"), [
    (["login name and password"], "elec.brandt", "elec.brandt"),
    (["wifi password"], "kestrel_77", "kestrel_77"),
    (["my online banking login name"], "jsmith_1990", "jsmith_1990"),
])
def test_a_value_after_a_password_or_a_bank_stays_withheld(earlier: list[str], text: str, value: str) -> None:
    assert value not in redact_thread(text, earlier)
