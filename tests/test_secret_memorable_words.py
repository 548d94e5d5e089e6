"""A bank's memorable word, secret word or telephone password said in prose, with or without a
joining word, in many languages, over one turn or two; and the look-alikes that stay (a keyword, a
game's secret word, talk about the word). Every sentence was written for these tests (none copied
from a corpus).
"""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_secrets, redact_thread
from fact_memory_graph.secrets import memorable_words


def _thread(turns: list[str]) -> list[str]:
    return [redact_thread(t, turns[:i]) for i, t in enumerate(turns)]


@pytest.mark.parametrize(("text", "value"), [
    ("my security phrase with the building society is Ravensworth", "Ravensworth"),
    ("palabra de seguridad para el banco por teléfono: alcachofa", "alcachofa"),
    ("frase secreta do banco quando ligo: marmelada", "marmelada"),
    ("mot de sécurité chez la banque libellule", "libellule"),
    ("Sicherheitswort bei der Sparkasse ist Feldhase", "Feldhase"),
    ("veiligheidswoord bij de bank aan de telefoon: kievit", "kievit"),
    ("słowo bezpieczeństwa w banku przez telefon — jaskółka", "jaskółka"),
    ("кодовая фраза для банка по телефону: подсолнух", "подсолнух"),
    ("bankadaki güvenlik kelimem karanfil", "karanfil"),
    ("kata rahasia untuk bank saya kenari", "kenari"),
    ("turvasana pankkiin on kuusipuu", "kuusipuu"),
    ("a banki kódszavam hóvirág", "hóvirág"),
    ("cuvântul de securitate pentru bancă este ghiocel", "ghiocel"),
    ("κωδική λέξη για την τράπεζα: κανέλα", "κανέλα"),
    ("bank ka secret word chandni hai", "chandni"),
    ("给银行打电话用的口令是白玉兰", "白玉兰"),
    ("保険会社に電話するときの合言葉はあじさい", "あじさい"),
    ("telephone banking password Bramblewood", "Bramblewood"),
    ("hemligt ord hos kundtjänsten på banken är lingon 🍓", "lingon"),
    ("Wolkenkratzer <- Sparkasse Kennwort, nicht vergessen", "Wolkenkratzer"),
    ("the bank wanted the 1st and 3rd letters of my secret word, which is marigold", "marigold"),
])
def test_a_memorable_word_in_prose_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["palavra de segurança do banco", "tangerina"], "tangerina"),
    (["tajné slovo pro banku", "borůvka"], "borůvka"),
])
def test_the_word_in_the_turn_after_its_name_is_withheld(turns: list[str], value: str) -> None:
    assert value not in _thread(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("I forgot my memorable word for the bank again", "forgot"),
    ("kata kunci untuk artikel blog saya adalah rendang", "rendang"),
    ("the password for the bank app is in my password manager", "manager"),
    ("银行的密码是什么？", "什么"),
    ("Mi palabra secreta del banco es muy larga", "larga"),
])
def test_talk_about_the_word_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_no_name_no_reading() -> None:
    assert memorable_words.spans("we went to the bank on Tuesday") == []


@pytest.mark.parametrize(("text", "value"), [
    # a joining phrase of more than one word, an adverb before the value
    ("My memorable word has always been cormorant.", "cormorant"),
    ("mi palabra secreta del banco sigue siendo guayaba", "guayaba"),
    ("das Kennwort für die Telefonbank ist immer noch Eichhörnchen", "Eichhörnchen"),
    ("ο κωδική λέξη για την τράπεζα είναι ακόμα πορτοκάλι", "πορτοκάλι"),
    # the value before its name and an "as" word
    ("I chose Whitethorn as my telephone banking password", "Whitethorn"),
    ("puse 'higuera' como palabra secreta del banco", "higuera"),
    ("j'ai choisi cerisier comme mot secret pour la banque", "cerisier"),
    # inflected names, a genitive and the bank between name and value in scripts without spaces
    ("a bank titkos szava nálam pipacs", "pipacs"),
    ("คำลับของธนาคารคือมะม่วง", "มะม่วง"),
    # the word the bank asks for, its relative clause between commas
    ("Das Wort, das die Sparkasse am Telefon abfragt, lautet Haselnuss.", "Haselnuss"),
    ("Hasło, o które pyta bank przez telefon, to jarzębina.", "jarzębina"),
    ("A palavra que o banco me pede ao telefone é castanha.", "castanha"),
    ("Le mot que la banque me demande au téléphone est noisette.", "noisette"),
])
def test_more_ways_of_saying_the_word_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("I use the same one as my memorable word for everything", "same"),
    ("we picked Whitethorn as the name of the boat", "Whitethorn"),
    ("la demande de prêt à la banque porte le numéro 44812", "44812"),
])
def test_as_and_asking_without_a_secret_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    # typed without diacritics
    ("haslo telefoniczne do banku to jezyna", "jezyna"),
    ("cuvantul secret pentru banca este ciocolata", "ciocolata"),
    # who asks for it: a nursery's pick-up word, a remittance's code word, online banking
    ("wachtwoord voor het ophalen bij de kinderopvang is kastanje", "kastanje"),
    ("le mot de passe pour récupérer le petit à la garderie c'est hérisson", "hérisson"),
    ("code word for the moneygram pickup zanzibar", "zanzibar"),
    ("Kennwort fürs Onlinebanking Ostseewelle", "Ostseewelle"),
    # whose it is, and an aside before a colon
    ("het codewoord van mama voor de bank: regenboog", "regenboog"),
    ("Kennwort für die Bank, meine Mutter vergisst es immer: Ostsee", "Ostsee"),
    ("ereyga sirta ee bangiga waa dhagax", "dhagax"),
    ("слово-пароль для банку мами — ромашка", "ромашка"),
])
def test_who_asks_and_whose_word_it_is(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["our family code word, in case someone claims we sent them, is:", "red kangaroo"], "kangaroo"),
    (["the word the building society asks for on the phone", "Blue Heron"], "Heron"),
])
def test_the_word_after_a_turn_that_ends_on_its_joining_word(turns: list[str], value: str) -> None:
    assert value not in _thread(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("i reset my online banking password yesterday, remind me later", "yesterday"),
    ("the word the bank asks for on the phone is on a sticky note", "phone"),
])
def test_time_words_and_prepositions_are_no_value(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("ptarmigan — that's my memorable word", "ptarmigan"),
    ("ptarmigan, my memorable word for the building society", "ptarmigan"),
    ("memorable word? ptarmigan", "ptarmigan"),
    ("el código verbal con la empresa de alarmas es granada", "granada"),
    ("das Codewort für die Alarmanlage lautet Buntspecht", "Buntspecht"),
])
def test_the_word_before_its_name_or_after_a_question_mark(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("Honestly, my memorable word for the bank is hard to remember", "Honestly"),
    ("Brilliant — that's my memorable word sorted then", "Brilliant"),
    ("Barclays - my memorable word", "Barclays"),
    ("Halifax, memorable word, log in, done.", "Halifax"),
])
def test_a_clause_before_the_name_that_is_no_value_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_a_question_about_the_word_then_the_word() -> None:
    assert "ptarmigan" not in _thread(["what's the bank word again?", "ptarmigan"])[-1]


@pytest.mark.parametrize(("text", "value", "kept"), [
    ("the word i have to give nationwide letters of: sommelier", "sommelier", False),
    ("the word I have to give the bank over the phone is quokka", "quokka", False),
    ("the number i have to give the bank is on the letter", "letter", True),
])
def test_the_word_one_has_to_give_an_institution(text: str, value: str, kept: bool) -> None:
    assert (value in redact_secrets(text)) is kept
