"""A turn that only announces a confidence ("I have a secret", "I need to tell you something", in many
languages; ``assets/confidences.json`` ``announcers``) makes the user's next turn private (round
twenty-six, t57e). General phrasings written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import announces_confidence, withheld_turns


@pytest.mark.parametrize("first, second", [
    ("ive got a secret", "i failed my driving test three times and told everyone it was my first"),
    ("I need to tell you something…", "my brother is back in rehab"),
    ("hey so, I have a confession to make", "i lied on my CV about the degree"),
    ("Tengo un secreto", "mi hermana está embarazada y sus padres no saben"),
    ("te tengo que decir algo, pero que no salga de aquí", "me han despedido"),
    ("il faut que je te dise quelque chose", "j'ai une dette de jeu"),
    ("ich hab ein Geheimnis", "ich bin schwanger"),
    ("ti devo dire una cosa", "ho perso il lavoro e mia moglie non lo sa"),
    ("tenho um segredo", "estou com depressão"),
    ("мне надо тебе кое-что сказать", "я потерял работу"),
    ("у мене є секрет", "я вагітна"),
    ("لدي سر", "زوجي فقد عمله"),
    ("یک راز دارم", "من افسردگی دارم"),
    ("may sikreto ako", "nag-resign na ako pero hindi alam ni mama"),
    ("ik heb een geheim", "ik ben zwanger"),
    ("mam sekret", "straciłem pracę"),
    ("bir sırrım var", "işten kovuldum"),
    ("aku punya rahasia", "aku hamil"),
    ("nina siri", "nimefukuzwa kazi"),
    ("나 비밀 있어", "나 임신했어"),
    ("יש לי סוד", "פוטרתי מהעבודה"),
])
def test_the_turn_after_an_announcement_is_withheld(first: str, second: str) -> None:
    assert withheld_turns([first, second])[1]
    assert withheld_turns(["we went to the beach on sunday", first, second])[2]


@pytest.mark.parametrize("first, second", [
    ("guess what", "I got into the masters programme!"),
    ("listen", "the meeting moved to 3pm"),
    ("I need to tell you something: I got the job", "starting monday"),
    ("my son has a secret santa at school", "the budget is 10 euros"),
    ("tengo un secreto para el pastel: mantequilla fría", "y horno a 180"),
])
def test_news_and_ordinary_talk_announce_nothing(first: str, second: str) -> None:
    assert not withheld_turns([first, second])[1]


@pytest.mark.parametrize("text, announces", [
    ("ok confession time", True),
    ("je peux te confier un truc ?", True),
    ("muss dir was beichten", True),
    ("can I tell you a secret? but dont spread it", True),
    ("i have a secret recipe for lasagne", False),
    ("guess what", False),
    ("so", False),
])
def test_what_announces(text: str, announces: bool) -> None:
    assert announces_confidence(text) is announces


@pytest.mark.parametrize("first, second", [
    ("something I've never told anyone", "I was arrested at 19 for shoplifting"),
    ("there's something i have to get off my chest", "i cheated on my finals in college"),
    ("tengo que confesarte algo", "le robé dinero a mi jefe"),
    ("muszę ci się do czegoś przyznać", "mam długi w kasynie"),
    ("preciso desabafar uma coisa", "eu tenho bulimia"),
    ("j'ai un truc à t'avouer", "je suis endetté jusqu'au cou"),
    ("i gotta tell u smth", "im pregnant"),
    ("μπορώ να σου πω ένα μυστικό;", "είμαι έγκυος"),
    ("trebuie să-ți spun ceva", "am fost concediat"),
])
def test_more_announcements_withhold_the_next_turn(first: str, second: str) -> None:
    """Round twenty-seven (t58c): announcements of a confidence in more wordings and languages."""
    assert withheld_turns([first, second])[1]
