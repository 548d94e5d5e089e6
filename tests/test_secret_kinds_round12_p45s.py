"""Round twelve (p45s): families of secrets still below 95 % out of sample — password names in
misspelt and loanword forms, gift codes in short hyphened groups, a security question quoted and
then answered ("I put", "ho messo"), "the answer to <a question put to you> is X", a security
answer over a thread, a Wi-Fi key after a network's name and a copula, a password dictated with its
letter case, a correction after any withheld value, digits given "as the code", a seed phrase
dictated in halves. Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

SECRETS = [
    # password names: misspelt, loanwords, possessives
    ("the pasword for the clinic kiosk: Harbor7Lights", "Harbor7Lights"),
    ("router passkey is 'Maple#Den42'", "Maple#Den42"),
    ("พาสเวิร์ดเน็ตบ้าน Kiwi9981z", "Kiwi9981z"),
    ("neno langu la siri la simu: Twiga44moto", "Twiga44moto"),
    # gift codes whose groups are short
    ("Gutscheincode für Oma: KX4-91PL-7QZ2", "KX4-91PL-7QZ2"),
    ("the gift voucher code is BT-55RW-Q9M1-ZZ", "BT-55RW-Q9M1-ZZ"),
    # a quoted security question, then the verb of setting it
    ("for 'what street did you grow up on' I put copper lane", "copper lane"),
    ("a pergunta era 'qual o nome do seu primeiro cachorro' e eu coloquei Pipoca", "Pipoca"),
    ("alla domanda 'nome della tua prima maestra' ho messo Ornella", "Ornella"),
    ("la respuesta a la pregunta '¿cómo se llamaba tu primera mascota?' es Canelita", "Canelita"),
    ("a resposta da pergunta 'qual o nome do seu avô paterno' é Seu Joaquim", "Joaquim"),
    # "the answer to <a question put to you> is X"
    ("the answer to where did you meet your wife is the ferry to Skye", "the ferry to Skye"),
    ("security question is where did your parents meet, the answer is at a dance hall in Leeds",
     "a dance hall in Leeds"),
    # a dash between a question we do not list and its answer
    ("security question: what my grandfather grew — Zaffron Beans", "Zaffron Beans"),
    # a Wi-Fi key after the network's name and a copula
    ("the wifi at my aunt's flat is Lemontree2207", "Lemontree2207"),
    ("el wifi de la oficina nueva es Cactus_9090x", "Cactus_9090x"),
    # a password dictated with its letter case
    ("pw is all caps HARBOUR then 31", "HARBOUR then 31"),
    ("la contraseña en mayúsculas GIRASOL y luego 88", "GIRASOL y luego 88"),
    # a correction after a withheld id
    ("passport 734129650, no wait, it's 734129605", "734129605"),
    # digits given "as the code"
    ("the clinic texted me 731904 as the code, where do I put it", "731904"),
    ("me mandaron 8812 como código para entrar", "8812"),
]

THREADS = [
    (["the bank app wants security questions", "city my mother was born in", "Ballymena"], "Ballymena"),
    (["alla domanda 'nome del tuo primo gatto' ho messo", "Fiocco"], "Fiocco"),
    (["the gym portal is asking me security questions", "what was the name of your first teddy?",
      "sir fluffington. don't laugh"], "sir fluffington"),
    (["wallet recovery, first half: glove mango ribbon tiger velvet orbit",
      "second half: pulse canyon lemon harbor sketch amber"], "glove mango ribbon"),
]

LOOKALIKES = [
    ("the wifi network is called Bluebird2024Guest", "Bluebird2024Guest"),
    ("the firmware on my router is v3.2.1-build77, should I update?", "v3.2.1-build77"),
    ("a rede da casa de campo é Sitio_Verde_5G", "Sitio_Verde_5G"),
    ("we used 1999 as the code name for the reunion", "1999"),
    ("type the password in lowercase, it's case sensitive", "case sensitive"),
    ("first half of the match was dull, second half was amazing", "second half was amazing"),
    ("the answer to why the bread is flat is old yeast", "old yeast"),
    ("my favourite film is 'Heat' and I put it on my watchlist", "watchlist"),
    ("the wifi is down since 2021 again", "since 2021"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_secret_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), THREADS)
def test_secret_withheld_over_a_thread(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize(("text", "value"), LOOKALIKES)
def test_lookalike_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "número do cartão de cidadão: 554433221ZX7",
    "número de la tarjeta de identidad: 88776655Q",
])
def test_an_id_cards_number_after_number_of(text: str) -> None:
    assert "[" in redact_secrets(text) and text.split(": ")[1] not in redact_secrets(text)
