"""Confidences said with an idiom of keeping it close ("not for anyone else's ears", "das bleibt hier",
"только никому", "zwijg erover"): the turn is not kept; the same words in an ordinary sentence are."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("text", [
    "not for anybody else's ears - my brother is in debt again",
    "lowkey secret tho, i applied to a job in Oslo",
    "that stays here, ok? my husband lost his job",
    "das bleibt hier, okay? ich habe meinen Job gekündigt",
    "только никому, я ухожу с работы",
    "никому ни слова: мы разводимся",
    "hou je mond erover, we gaan verhuizen naar Gent",
])
def test_an_idiom_of_keeping_it_close_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "there's a lowkey secret spot by the river we love",
    "we stay here for the weekend, then Lyon",
    "das bleibt hier liegen bis morgen früh",
    "the party is not for anyone else's kids, only ours",
    "ik zwijg erover niet meer, iedereen weet het",
])
def test_the_same_words_in_an_ordinary_sentence_keep_it(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("turns", [
    ["I'm moving to Lisbon in spring.", "you're the only person I've told"],
    ["Ho chiesto il divorzio.", "acqua in bocca, eh"],
    ["Dostałem podwyżkę.", "ani mru mru"],
    ["Terfi aldım.", "ağzını sıkı tut"],
    ["我要换工作了。", "你知我知"],
    ["Je change de boulot.", "motus et bouche cousue"],
    ["Tengo una entrevista mañana.", "no quiero que nadie lo sepa"],
    ["I'm in therapy again.", "not for the group chat ok"],
])
def test_a_confidence_said_the_turn_after_withholds_the_turn_before(turns: list[str]) -> None:
    assert withheld_turns(turns)[0] is True


@pytest.mark.parametrize("text", [
    "Je suis enceinte, mais keep it quiet stp",
    "Ich bin schwanger, aber keep it to yourself",
])
def test_an_english_confidence_after_another_languages_but(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "she was the first person to climb it",
    "we bought it on the low side of the market",
    "don't spill the coffee on the laptop",
    "the acqua in bocca is a nice restaurant in Turin",
])
def test_the_idioms_words_in_an_ordinary_sentence_keep_it(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("text", [
    "don't tell the neighbours, but we're selling the house",
    "sag's bitte nicht meinem Bruder, ich habe die Prüfung nicht bestanden",
    "ne le dis pas à mes parents, j'ai arrêté la fac",
    "chuyện riêng thôi nha, em sắp nghỉ việc",
])
def test_dont_tell_a_named_group_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("turns", [
    ["ojo, esto es confidencial ok?", "me voy a divorciar"],
    ["que ça reste entre nous, j'ai:", "une dette de 20 000 euros"],
    ["non dirlo a nessuno del gruppo", "sono incinta"],
])
def test_a_first_turn_that_is_only_a_marker_announces_the_next(turns: list[str]) -> None:
    assert withheld_turns(turns) == [True, True]


def test_a_first_turn_with_its_own_content_does_not_take_the_next() -> None:
    assert withheld_turns(["between you and me, my boss is awful", "anyway what should I cook?"]) == [True, False]


@pytest.mark.parametrize("text", [
    "man dont spread this, my brother got arrested",  # a vocative before the request
    "girl keep it secret pls, I'm seeing my ex again",
    "not for the group chat haha but my dad lost his job",  # a laugh between the request and the rest
    "nobody in my family knows, keep it that way. I'm in debt",
    "I'm on medication and no one at the office knows, so keep it that way",
    "it's a secret ok? we're moving to Perth",
    "psst, I'm interviewing at another company",
    "promets-moi de rien dire, on divorce",
    "jure de pas le dire, je suis malade",
    "nicht weitersagen, wir ziehen nach Wien",
    "toi jää meidän välille, olen työtön",
    "hii ni kati ya mimi na wewe, nina deni kubwa",
])
def test_a_colloquial_confidence_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("turns", [
    ["ok real talk, not for anyone else", "my sister is leaving her husband"],
    ["promets-moi de rien dire", "j'ai perdu mon travail"],
])
def test_a_colloquial_marker_alone_withholds_the_turn_after(turns: list[str]) -> None:
    assert withheld_turns(turns) == [True, True] or withheld_turns(turns)[1] is True


@pytest.mark.parametrize("text", [
    "nobody knows the trouble I've seen, a song my gran loved",
    "the recipe is a secret family one from Naples",
    "the promise was to tell everyone at the party",
    "we'll keep the garden that way all summer",
])
def test_those_words_in_an_ordinary_sentence_keep_it(text: str) -> None:
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("text", [
    "you're sworn to secrecy, ok? my aunt is in prison",
    "não espalha isso, fui reprovado",
    "mi raccomando non dirlo, cambio lavoro",
    "unter vier Augen: wir trennen uns",
    "păstrează secretul, plecăm din țară",
    "tartsd meg magadnak, munkanélküli vagyok",
    "karo ke bolo na, amar chakri chole geche",
    "bí mật nhé, mình bị ốm",
    "保密哟，我被裁员了",
    "千万不要往外说，我怀孕了",
    "pidä toi omana tietonas, muutan pois",
])
def test_a_confidence_in_more_languages_withholds_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "não conta, foi só um treino",
    "unter vier Augen haben wir das Auto besprochen",
    "bí mật của món này là nước mắm",
    "这个保密柜很贵",
])
def test_those_words_in_other_sentences_keep_it(text: str) -> None:
    assert withheld_turns([text]) == [False]


def test_a_promise_not_to_tell_in_hinglish_announces_the_turn_after() -> None:
    assert withheld_turns(["ek baat bolu", "promise kar kisi ko nahi bolega", "main job chhod raha hoon"])[2] is True
    assert withheld_turns(["usne kaha ki woh kisi ko nahi bolega aur chala gaya"]) == [False]


@pytest.mark.parametrize("marker", [
    "kun je een geheim bewaren?",
    "umiesz dochować tajemnicy?",
    "ты можешь хранить тайну?",
    "можеш зберегти таємницю?",
    "kan du hålla en hemlighet?",
    "את יכולה לשמור סוד?",
])
def test_asking_whether_a_secret_can_be_kept_announces_the_turn_after(marker: str) -> None:
    assert withheld_turns([marker, "we are selling the flat and moving abroad"]) == [False, True] \
        or withheld_turns([marker, "we are selling the flat and moving abroad"])[1] is True


@pytest.mark.parametrize("text", [
    "het geheim van een goede soep is tijd",
    "w tej książce jest tajemnica zamku",
    "секрет успеха в терпении",
    "hemligheten bakom kakan är smör",
])
def test_a_secret_talked_about_keeps_the_turn(text: str) -> None:
    assert withheld_turns([text]) == [False]
