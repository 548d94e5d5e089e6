"""A value sent in parts with no name of what it is ("part 1: …" / "part 2: …", "in two parts: …",
"the rest …"): each part is withheld, the turn before is forgotten when the next one shows it was a
part, and a lone token after "part 2 coming" is withheld. Ordinary talk about halves, parts and the
rest keeps its values. Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import dictated_parts, redact_turns, revealed_by_next

from .helpers import kept_in_thread

PARTS = [
    (["part 1: marble", "part 2: fox77"], ["marble", "fox77"]),
    (["first half of it: #quay", "second half river42"], ["#quay", "river42"]),
    (["Teil 1: Regen", "Teil 2 kommt gleich", "bogen88"], ["Regen", "bogen88"]),
    (["te lo mando en dos partes: ES12", "y el resto 0049 1500 0512 3456"], ["0049"]),
    (["la primera parte es luna", "la segunda: 7sol!"], ["luna", "7sol!"]),
    (["vou mandar em duas partes: 55201948"], ["55201948"]),
    (["je l'envoie en deux fois : abri", "et le reste : cot2024"], ["abri", "cot2024"]),
    (["depannya 77120934", "belakangnya 55018822"], ["77120934", "55018822"]),
    (["pierwsza część: kasztan", "druga część 19Lipa"], ["kasztan", "19Lipa"]),
    (["первая часть: ветер", "вторая часть: 55Море"], ["ветер", "55Море"]),
    (["前半はsakura", "後半は2231ki"], ["sakura", "2231ki"]),
    (["ilk kısmı: zeytin", "ikinci kısmı 44Dal"], ["zeytin", "44Dal"]),
]


@pytest.mark.parametrize(("turns", "values"), PARTS)
def test_each_part_of_a_value_sent_in_parts_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


def test_the_turn_before_is_forgotten_when_the_next_shows_it_held_a_part() -> None:
    # Read alone, "part 1: marble" says nothing of a secret; the turn after shows it was half of one.
    assert redact_turns(["part 1: marble"]) == ["part 1: marble"]
    assert revealed_by_next("part 1: marble", [], "part 2: fox77")
    assert revealed_by_next("first half of it: #quay", [], "second half river42")
    assert not revealed_by_next("I watched the first half of the match", [], "the rest was dull")


ORDINARY = [
    ["first half 2-1, second half 0-0, what a game"],
    ["I read the first part of the book, the rest is for tomorrow"],
    ["the first half of the film was slow", "the rest was brilliant"],
    ["part 1 of the course starts on 12/03", "part 2 in April"],
    ["I paid the first half, $450", "the rest $450 next month"],
    ["la primera parte del viaje fue en tren", "el resto en autobús"],
    ["Teil 1 des Kurses ist am Montag", "Teil 2 am Mittwoch um 18:00"],
    ["we split the bill in two parts", "ok"],
]


@pytest.mark.parametrize("turns", ORDINARY)
def test_ordinary_talk_of_parts_and_the_rest_is_kept(turns: list[str]) -> None:
    assert redact_turns(turns) == turns
    assert not any(revealed_by_next(turns[n], turns[:n], turns[n + 1]) for n in range(len(turns) - 1))


def test_a_turn_without_a_part_word_costs_no_reading() -> None:
    assert dictated_parts.spans("see you at the station at five") == []
    assert not dictated_parts.names_a_part("see you at the station at five")


def test_remember_forgets_a_part_the_next_turn_showed_and_withholds_the_rest(make_memory, db_url: str,
                                                                           user_id: str) -> None:
    from langchain_core.messages import HumanMessage

    from fact_memory_graph.testing import ScriptedChatModel
    from tests.test_forget_final import tables_holding
    from tests.test_secret_threads import hostile

    memory = make_memory(ScriptedChatModel(default=hostile))
    turns = [HumanMessage("Teil 1: Regen", id="p1"), HumanMessage("Teil 2 kommt gleich", id="p2"),
             HumanMessage("bogen88", id="p3")]
    memory.remember(user_id, turns[0])
    assert tables_holding(db_url, "Regen", user_id)  # stored when it came: nothing said what it was
    memory.remember(user_id, turns[1], context=turns[:1])
    memory.remember(user_id, turns[2], context=turns[:2])
    assert tables_holding(db_url, "Regen", user_id) == []
    assert tables_holding(db_url, "bogen88", user_id) == []


# Bare later-part words in more languages ("segunda", "друга", "et la fin"), an opening's plain words
# ("début", "os primeiros"), and a turn saying more is coming between a value and its rest.
MORE_PARTS = [
    (["primera parte: Nube", "segunda 4Rayo!"], ["Nube", "4Rayo!"]),
    (["перша частина: Kalyna", "друга 55Dub!"], ["Kalyna", "55Dub!"]),
    (["début: Arbre", "et la fin 42Feuille"], ["Arbre", "42Feuille"]),
    (["os primeiros são Mango", "e depois 99Kiwi"], ["Mango", "99Kiwi"]),
    (["so it's Xy7Lk2Qp", "wait there's more", "Rt5Zm9"], ["Xy7Lk2Qp", "Rt5Zm9"]),
    (["es ist Fenster42", "noch nicht fertig", "Tür77Rot"], ["Fenster42", "Tür77Rot"]),
    (["vou mandar a senha em partes", "jabuti", "goiaba 🙏"], ["jabuti", "goiaba"]),
]


@pytest.mark.parametrize(("turns", "values"), MORE_PARTS)
def test_more_ways_of_sending_parts(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept
    # what was stored from each turn when it came: forgotten when the next turn shows it held a part
    for n, value in enumerate(values):
        stored = [redact_turns(turns[:k + 1])[-1] for k in range(len(turns))]
        dropped = [k for k in range(len(turns) - 1) if revealed_by_next(turns[k], turns[:k], turns[k + 1])]
        assert all(value not in s for k, s in enumerate(stored) if k not in dropped), (n, stored)


MORE_KEPT = [
    (["my order is 4410293", "wait there's more", "also 5520193"], ["4410293"]),
    (["ok so the meeting is at 14:30", "wait there's more", "and lunch 12:00"], ["14:30", "12:00"]),
    (["la primera parte de la peli fue lenta", "la segunda mejor, 2-1"], ["2-1"]),
]


@pytest.mark.parametrize(("turns", "values"), MORE_KEPT)
def test_ordinary_talk_of_more_and_parts_keeps_its_values(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept


# A code named with no value, then its digits in bare pieces, one turn each.
PIECES = [
    (["the alarm code", "4 4", "1 7"], ["4 4", "1 7"]),
    (["código del portal", "28", "61"], ["28", "61"]),
    (["код от домофона", "19", "84"], ["19", "84"]),
    (["card PIN?", "5 2", "0 9"], ["5 2", "0 9"]),
]


@pytest.mark.parametrize(("turns", "values"), PIECES)
def test_a_code_named_then_given_in_bare_pieces(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept


PIECES_KEPT = [
    (["area code?", "020", "71"], ["020", "71"]),
    (["how many promo codes did we get?", "12", "no wait 15"], ["12", "15"]),
    (["zip code?", "90", "210"], ["90", "210"]),
]


@pytest.mark.parametrize(("turns", "values"), PIECES_KEPT)
def test_numbers_after_a_public_code_name_are_kept(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept


@pytest.mark.parametrize("turns", [
    ["la clave del wifi del piso", "Manzan", "aRoja77 todo junto"],
    ["пароль от роутера", "Zvezda", "Ne42bo слитно"],
    ["copying it off the sticker", "Lavend", "3r9x (no space between)"],
    ["das Passwort für die Box", "Sonnen", "Blume4!7 ohne Leerzeichen"],
])
def test_pieces_noted_to_go_together_are_withheld(turns: list[str]) -> None:
    kept = " ".join(redact_turns(list(turns)))
    assert turns[1] not in kept and turns[2].split()[0] not in kept


def test_a_lone_piece_is_forgotten_when_its_joined_rest_comes() -> None:
    assert revealed_by_next("Lavend", ["one sec, reading it off"], "3r9x (no space between)")
    assert not revealed_by_next("Lavend", ["one sec, reading it off"], "lovely, thanks")


@pytest.mark.parametrize("turns", [
    ["Tuesday", "sorry no spaces left at the gym"],
    ["booking ref?", "XK4P", "2Q9 no spaces"],
    ["commit 4f2a9c1 no spaces"],
    ["type your name with no spaces"],
])
def test_spacing_talk_and_public_pieces_stay(turns: list[str]) -> None:
    assert redact_turns(list(turns)) == turns
