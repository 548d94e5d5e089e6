"""forgetting.asks_to_forget: the offline path of "forget what I just said" (issue 43 item 2),
implicit privacy (issue 45 item 3) and "X, please don't remember that" (issue 45 item 4).

These are the phrasings the phrase lists were written and tuned against (the tuning set); the
lead's held-out set is run separately, once. Look-alikes must not trigger."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import asks_to_forget, facts_about, normalise, plan_forget_ops

# (message, target, private) — the tuning set: 40 phrasings, 13 languages.
TUNING = [
    # English: the phrasings issue 43 found failing, and their relatives
    ("Can you forget what I just said?", "previous", False),
    ("Forget what I just said, thanks", "previous", False),
    ("Don’t remember that", "previous", False),
    ("scratch that — forget it", "previous", False),
    ("never mind, delete that", "previous", False),
    ("Please forget what I told you just now.", "previous", False),
    ("ok actually can you delete my last message from your memory please", "previous", False),
    ("Oops, I shouldn't have said that. Please don’t save it.", "previous", False),
    ("pretend I never said that", "previous", False),
    ("That was off the record!", "previous", True),
    ("keep that to yourself", "previous", True),
    ("forget what I said about my health", "topic", False),
    ("Could you forget everything I told you about my ex, thanks", "topic", False),
    # "X, please don't remember that" is about X only
    ("I'm pregnant, but please don't remember that", "this", False),
    ("Don't save this: I'm seeing a therapist.", "this", False),
    ("Between you and me, I'm interviewing at Acme", "this", True),
    ("I'm thinking of quitting. Don't tell anyone.", "this", True),
    ("Off the record, my marriage is on the rocks", "this", True),
    # Spanish, French, German, Italian, Portuguese, Dutch
    ("Olvida lo que te acabo de decir, porfa", "previous", False),
    ("¿Puedes borrar eso de tu memoria?", "previous", False),
    ("Entre tú y yo, estoy buscando otro trabajo", "this", True),
    ("Oublie ce que je viens de dire s’il te plaît", "previous", False),
    ("Entre nous, je vais démissionner", "this", True),
    ("Vergiss bitte, was ich gerade gesagt habe", "previous", False),
    ("Merk dir das bitte nicht", "previous", False),
    ("Unter uns gesagt, ich bin schwanger", "this", True),
    ("Vergiss alles, was ich über meine Gesundheit gesagt habe", "topic", False),
    ("Dimentica quello che ti ho appena detto", "previous", False),
    ("Non dirlo a nessuno, ma sono incinta", "this", True),
    ("Esquece o que eu acabei de dizer", "previous", False),
    ("Cá entre nós, estou procurando outro emprego", "this", True),
    ("Vergeet wat ik net zei alsjeblieft", "previous", False),
    # Russian, Polish, Turkish
    ("Забудь, что я только что сказал", "previous", False),
    ("Między nami, szukam nowej pracy", "this", True),
    ("Zapomnij o tym, proszę", "previous", False),
    ("Az önce söylediğimi unut lütfen", "previous", False),
    # Japanese, Chinese, Korean
    ("さっき言ったこと忘れてください", "previous", False),
    ("刚才说的请忘掉吧", "previous", False),
    ("别告诉别人，我怀孕了", "this", True),
    ("방금 한 말 잊어줘", "previous", False),
    # added after a first pass: more English and object-first forms
    ("Forget I said anything", "previous", False),
    ("Strike that from the record.", "previous", False),
    ("Don't hold onto that, please", "previous", False),
    ("Eso no lo guardes", "previous", False),
    ("Ne garde pas ça en mémoire", "previous", False),
    ("Das war vertraulich", "previous", True),
]

# Look-alikes: none of these asks the memory to forget anything.
LOOK_ALIKES = [
    "don't forget to call mom",
    "I forgot my keys",
    "I can't remember his name",
    "forget it, I'll do it myself",  # a dismissal: "forget it" alone is not a request (decided)
    "never mind",
    "Do you remember what I said about Berlin?",
    "Please remember that I'm vegan",
    "I don't remember that movie at all",
    "I don't remember that",  # the user not remembering something is a fact, not a request
    "Remember this: my sister's name is Mia",
    "Forget about work, let's talk about the holidays",
    "I want to forget my ex",
    "I deleted that app yesterday",
    "Delete that file from the shared drive when you're done",
    "The choice between you and the other candidate was hard",
    "My boss told me not to tell anyone about the merger",
    "Confidence is key in my job",
    "I keep a secret diary",
    "She said it was off the record",
    "Ignore that warning in the console, it's harmless",
    "No olvides comprar pan",
    "J'ai oublié mes clés",
    "Ich habe vergessen, was ich sagen wollte",
    "Non ricordo il suo nome",
    "我忘记了钥匙",
    "私は鍵を忘れてしまった",
    "Unter uns wohnt eine nette Familie",
    "Entre nosotros hay mucha confianza",
    "Quiet, the baby is sleeping",
    "Keep it in the fridge",
]


@pytest.mark.parametrize(("text", "target", "private"), TUNING)
def test_each_phrasing_of_the_tuning_set_is_understood(text: str, target: str, private: bool) -> None:
    request = asks_to_forget(text)
    assert request is not None, text
    assert (request.target, request.private) == (target, private), (text, request)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_look_alike_asks_nothing(text: str) -> None:
    assert asks_to_forget(text) is None, (text, asks_to_forget(text))


def test_the_sets_are_as_large_as_promised() -> None:
    assert len(TUNING) >= 20 and len(LOOK_ALIKES) >= 20
    assert len({asks_to_forget(t).language for t, _, _ in TUNING}) >= 10  # type: ignore[union-attr]


def test_a_topic_is_named_and_an_empty_or_blank_message_asks_nothing() -> None:
    assert asks_to_forget("forget what I said about my health").topic == "my health"  # type: ignore[union-attr]
    assert asks_to_forget("Olvida todo lo que te dije sobre mi ex").topic == "mi ex"  # type: ignore[union-attr]
    assert asks_to_forget("") is None and asks_to_forget("   ") is None


def test_normalise_folds_what_phones_and_keyboards_type() -> None:
    assert normalise("Don’t  REMEMBER — that 🙏") == "don't remember , that"
    assert normalise("Oublie ça") == "oublie ca"
    assert normalise("忘れて。") == "忘れて."


def test_facts_about_a_topic_by_category_words_claim_words_and_other_languages() -> None:
    from uuid import uuid4

    asthma, lisbon, mia = uuid4(), uuid4(), uuid4()
    facts = [(asthma, "has asthma", "health"), (lisbon, "lives in Lisbon", "identity"),
             (mia, "has a sister Mia", "relationship")]
    assert facts_about("my health", facts) == [asthma]
    assert facts_about("mi salud", facts) == [asthma]
    assert facts_about("Lisbon", facts) == [lisbon]
    assert facts_about("my sister", facts) == [mia]
    assert facts_about("me", facts) == [asthma, lisbon, mia]  # "everything about me": all recent ones
    assert facts_about("the weather", facts) == []


def test_the_model_forget_op_reaches_only_recent_turns_and_their_facts() -> None:
    from uuid import uuid4

    recent_fact, old_fact = uuid4(), uuid4()
    shown = {"D1": (recent_fact, ["m-2"]), "D2": (old_fact, ["m-old"])}
    ops = [{"op": "forget", "ref": "previous"}, {"op": "forget", "ref": "this"}, {"op": "forget", "ref": "D1"},
           {"op": "forget", "ref": "D2"}, {"op": "forget", "ref": "D9"}, {"op": "forget", "ref": None},
           {"op": "forget", "ref": "D1"}]
    plan, rejected = plan_forget_ops(ops, shown, ["m-2", "fp-2"])
    assert plan.previous and plan.this and plan.fact_ids == [recent_fact]
    reasons = [r.reason for r in rejected]
    assert len(reasons) == 3
    assert "recent turns" in reasons[0] and "not 'previous'" in reasons[1] and "needs a ref" in reasons[2]
