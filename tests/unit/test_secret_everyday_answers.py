"""Security answers, memorable words, split secrets, backup codes and relatives' ids told in everyday
words (round twenty-four, t55a): each value is withheld from everything a thread stores; the
look-alikes beside them are kept."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets
from fact_memory_graph.threads import message_in_thread, secret_shown_later, shown_earlier


def _stored(turns: list[str]) -> str:
    """What the write path may store from ``turns`` (each turn as it came, shown with the ones before
    it; a turn taken back when the next came left out), as benchmarks/secret_corpus.py reads it."""
    messages = [HumanMessage(t) for t in turns]
    hidden = withheld_turns(turns)
    out: list[str] = []
    for i, text in enumerate(turns):
        if hidden[i] or (i + 1 < len(turns) and secret_shown_later(messages, i, i + 1)):
            continue
        out.append(message_in_thread(text, messages, i, redact=True))
        if i:
            out.extend(shown_earlier(messages, 0, turns[:i], text, redact=True))
    return "\n".join(out)


@pytest.mark.parametrize(("turns", "value"), [
    # a security question's answer around its topic, or named in the reply
    (["ho messo Nagpur come città dove si sono conosciuti i miei genitori, per Intesa"], "Nagpur"),
    (["I put Rex as my first pet's name for the Barclays questions"], "Rex"),
    (["j'ai mis Tintin comme nom de mon premier chien"], "Tintin"),
    (["pergunta de segurança: Dona Cleusa foi o nome da minha primeira professora"], "Cleusa"),
    (["Sicherheitsfrage: Bello war der Name meines ersten Hundes"], "Bello"),
    (["jeg svarte Kowalczyk på sikkerhetsspørsmålet om morens pikenavn"], "Kowalczyk"),
    (["first school? Biscuit primary, thats the one i used on Discord"], "Biscuit"),
    (["primeiro carro? Fusca azul, é o que eu coloquei"], "Fusca"),
    (["first pet? that'd be Vasconcelos, the portal keeps asking"], "Vasconcelos"),
    (["primera mascota: Toby, el banco lo pide siempre"], "Toby"),
    (["for the HR reset questions: the school I went to first was Brodowski"], "Brodowski"),
    (["sloinne mo mháthair roimh phósadh, Moreau, sin freagra na ceiste slándála"], "Moreau"),
    (["ceist slándála: ainm mo chéad pheata — Bran"], "Bran"),
    (["if they ask first school say Grundschule am Wiesengrund"], "Wiesengrund"),
    (["if they ask first school just say St Mary's Primary"], "Mary"),
    (["Frage: Name des ersten Haustiers", "Antwort Krümelmonster"], "Krümelmonster"),
    (["MetaMask: кличка мого першого улюбленця?", "відповідь: Whitmore"], "Whitmore"),
    (["Lieblingslehrer in der Grundschule?", "Antwort: Frau Berger"], "Berger"),
    (["le nom de mon premier animal", "réponse : Caramel"], "Caramel"),
    (["they asked my favourite teacher", "put Mrs Okonkwo"], "Okonkwo"),
    (["what was the name of my first car?", "i put Betsy Beetle lol"], "Betsy"),
    (["primer coche?", "puse Seat Panda, para el banco"], "Panda"),
    (["what was the name of my first dog", "Biscuit, I always use that for the security q"], "Biscuit"),
    (["my mom's maiden name is 🙂", "Delacroix btw for the myPay security question 🚒"], "Delacroix"),
    (["um the favorite teacher question", "Mme Rousseau taught me piano, put that"], "Rousseau"),
    (["first school", "St Anne's, that's what i put"], "Anne"),
    # a memorable word named by who asks for it, or given after an emoji
    (["the word the bank asks for on the phone... marmalade"], "marmalade"),
    (["the word the bank asks for on the phone - lighthouse"], "lighthouse"),
    (["the code word the bank asks for -> bluebird"], "bluebird"),
    (["yaar the word the bank asks for Kilimanjaro7 hai, sambhal ke"], "Kilimanjaro7"),
    (["okay note the word the bank asks for is Zitronenfalter85 full stop thanks"], "Zitronenfalter85"),
    (["y gair cofiadwy ar gyfer y banc yw 🚒", "sunflower 🙏"], "sunflower"),
    (["if anyone rings claiming to be from the unit, the family code word is 🙂", "harrier 🚒"], "harrier"),
    (["le mot que la banque demande", "Wanderlust"], "Wanderlust"),
    (["la palabra que pide el banco", "girasol"], "girasol"),
    (["ποιος ήταν ο λέξη μνήμης στο Nationwide;", "marmalade"], "marmalade"),
    (["mi madre y yo acordamos una palabra para la agencia de remesas: Schmetterling"], "Schmetterling"),
    (["mamãe e eu combinamos uma palavra para o banco: jabuticaba"], "jabuticaba"),
    (["umówione słowo z babcią na telefon: kaczka"], "kaczka"),
    (["letters 2 4 and 6 of my memorable word... its lighthouse so just tell me which ones"], "lighthouse"),
    (["ok so the bank asks for characters from the word... the word is tournesol"], "tournesol"),
    (["Natwest asks for letters from my word, its periwinkle"], "periwinkle"),
    (["die Bank fragt Buchstaben 1 3 und 5 ab, das Wort ist Zaunkönig"], "Zaunkönig"),
    # a secret split over turns, an aside between its parts
    (["ok first half is maripo", "hang on kid screaming ❤️", "rest: sa!542$"], "maripo"),
    (["primera parte ruffu lol", "segunda s.618?"], "ruffu"),
    (["début fideli", "fin s_11B? 🇺🇸"], "fideli"),
    (["första delen hose-tan", "sista k-siren1 🚒"], "hose-tan"),
    (["erste Hälfte: Sonnen", "moment, Telefon klingelt", "zweite Hälfte blume77"], "Sonnen"),
    (["première partie quokka lol", "attends", "deuxième partie 8841!"], "quokka"),
    (["primeira parte Xuxu22", "espera", "o resto: !abc"], "Xuxu22"),
    (["النصف الأول: Zaytoun", "والنصف الثاني 77qamar!"], "Zaytoun"),
    # backup codes named beside two codes, before them or after an arrow, or in the turn before
    (["backup codes for ProtonMail是mww8-7tkd ahxd-z7rv"], "mww8-7tkd"),
    (["55nt-2265 xvhz-rvut <- thats the recovery codes, need it tmr at the border"], "55nt-2265"),
    (["codes de secours Microsoft : 48102955 70319928"], "48102955"),
    (["the 2fa backup codes, just in case", "97114091 69433097 74406838"], "97114091"),
    (["Ersatzcodes fürs Google-Konto (falls Handy weg)", "3391-2288 7720-1184"], "3391-2288"),
    # a relative's health policy number, a Swedish personnummer in its definite form
    (["my dad's social is 136-53-5841, and his health policy number STA/248739/98"], "248739"),
    (["my wife's health policy number is HX-4471920"], "4471920"),
    (["mama ma polisę, nr polisy zdrowotnej 7712345500"], "7712345500"),
    (["personnumret är 98092735809, behövs för försvarsmakten"], "98092735809"),
    (["mi serve per la busta paga di Sara", "il suo codice è il numero belga 91120568989"], "91120568989"),
    (["mon numéro belge est 85073003328 pour la mutuelle"], "85073003328"),
    (["the belgian number on her card: 85.07.30-033.28"], "033.28"),
])
def test_everyday_secret_withheld(turns: list[str], value: str) -> None:
    assert value not in _stored(turns), turns


@pytest.mark.parametrize("turns", [
    ["first half was boring"],
    ["the first half is over"],
    ["first half 2-1 to us"],
    ["الجزء الأول من الرحلة كان ممتع", "والثاني كان متعب"],
    ["first half was boring", "hang on"],
    ["part 1: marble"],
    ["ok first part done"],
    ["first pet? a cat, that's what I used to have"],
    ["first car? a Fiesta, it was rubbish"],
    ["favourite film? Alien, they ask at the pub quiz"],
    ["my first car was a Honda, that's what I drove for years"],
    ["I put my first car in the garage"],
    ["what was your first car?", "I put a lot of miles on that one"],
    ["my first car was a Honda", "use that for the story"],
    ["my first pet was a hamster", "lol he was so cute, I loved him"],
    ["what was your favourite teacher like?", "strict, but fair"],
    ["my new phone number is 0612 3456, old one 0698 7766"],
    ["the car insurance policy number is POL-5566123"],
    ["har du personnumret? det står på kortet"],
    ["the number the bank asks for is on the back of the card"],
    ["mon numéro de demande de visa", "44871"],
    ["the quiz asks for letters 2 4 and 6 of the answer"],
    ["my room is 2 4 and 6 letters away"],
    ["we agreed a word with the kids' school, nobody knows it"],
    ["il numero belga del negozio è 02 555 12 34"],
])
def test_everyday_lookalike_kept(turns: list[str]) -> None:
    stored = _stored(turns)
    for turn in turns:
        assert turn in stored, turns


def test_a_turn_alone_keeps_its_words() -> None:
    assert redact_secrets("the word the bank asks for hai na") == "the word the bank asks for hai na"
