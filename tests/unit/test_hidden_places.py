"""Places secret by what they are called (a safe house, a hideout, a women's refuge, "where we keep the
source"): the address told with the name, or in the turn after it, is withheld; ordinary talk of such a
place is kept. General phrasings in many languages, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.confided_places import address_reply, hidden_named, hidden_told
from fact_memory_graph.forgetting import withheld_turns


@pytest.mark.parametrize("text", [
    "the safe house for next week is 41 Harrow Lane, flat 2",
    "Safehouse: Calle Mayor 19, 2º izquierda",
    "la planque c'est au 12 rue des Lilas, 4e étage",
    "der Unterschlupf ist jetzt in der Kastanienallee 7",
    "il nascondiglio è in via Garibaldi 31, interno 5",
    "o esconderijo fica na Rua Augusta 210, apto 12",
    "адрес конспиративной квартиры: ул. Садовая 5, кв. 14",
    "явочная квартира теперь на проспекте Мира 88",
    "kryjówka jest na ul. Lipowej 12 m. 4",
    "güvenli ev Atatürk Caddesi 45 daire 3",
    "rumah aman kita di Jl. Melati 4, Depok",
    "安全屋在人民路15号3楼",
    "은신처 주소는 마포구 연남로 12, 302호",
    "where we keep the witness: 8 Canal Street, top floor",
    "where she's hiding now is 27 Orchard Road, the back flat",
    "the women's refuge she's in is on Elm Park Road",
    "onderduikadres: Prinsengracht 263",
    "turvakoti on Mannerheimintie 40 B 12",
    "المخبأ في شارع الجمهورية 14، الطابق الثالث",
    "the safehouse is 221B Baker Street",
    "la casa de seguridad está en Avenida Juárez 120, depto 5",
    "das Frauenhaus ist in der Bergstraße 14",
    "ascunzătoarea e pe Strada Mihai Eminescu 10, ap. 3",
    "η κρυψώνα είναι στην οδό Ερμού 20",
    "בית המסתור ברחוב הרצל 10",
    "nyumba salama iko mtaa wa Uhuru namba 14",
    "gömstället är Storgatan 5",
    "nhà an toàn ở số 12 đường Lê Lợi",
    "บ้านปลอดภัยอยู่ที่ซอย 5 ถนนสุขุมวิท",
    "セーフハウスは新宿区西新宿2丁目8番",
    "خانه امن: خیابان ولیعصر پلاک ۱۲",
    "सुरक्षित घर का पता: गली 4, सेक्टर 12",
])
def test_a_hidden_place_told_with_its_name_is_withheld(text: str) -> None:
    assert hidden_told(text) is not None
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("first, second", [
    ("what's the safe house address again? i'll pass it on", "Via Nazionale 55, 3rd floor"),
    ("te paso la dirección del piso franco", "Calle Olmo 8, 1ºB"),
    ("j'ai l'adresse de la planque", "14 rue Oberkampf"),
    ("hier ist das Versteck", "Schillerstraße 21, Hinterhaus"),
    ("скину адрес конспиративной квартиры", "ул. Ленина 36, кв. 7"),
    ("where we're keeping the source, for tomorrow:", "22 Bridge Road"),
    ("güvenli evin adresini atıyorum", "Atatürk Cad. No: 12 D:5"),
    ("dove si nasconde adesso?", "via Verdi 12"),
    ("gdzie się ukrywa?", "ul. Polna 5"),
])
def test_an_address_after_a_turn_naming_a_hidden_place_is_withheld(first: str, second: str) -> None:
    assert hidden_named(first) and address_reply(second)
    assert withheld_turns([first, second]) == [False, True]


@pytest.mark.parametrize("text", [
    "we watched Safe House at the Odeon on 5 High Street, great film",
    "the women's refuge takes donations at 12 Mill Road, drop them off any weekday",
    "the safe house has 3 bedrooms and a garden",
    "in the game the hideout is on level 4",
    "the book about the Frank family's hiding place at Prinsengracht 263 is great",
    "la película Casa segura se estrena el 12 de marzo",
    "der Film über das Versteck läuft am 3. Mai im Kino",
    "那个关于安全屋的电影在人民路15号的影院上映",
    "the safe house scene in episode 4 was intense",
    "our shelter's public address for donations is 9 Kings Road",
    "Явка обязательна: собрание по адресу ул. Ленина 5",
    "나 오늘 회사 안가, 3층 회의실도 안 가",
    "the bomb shelter is at 14 Station Road, in the basement",
])
def test_ordinary_talk_of_such_a_place_is_kept(text: str) -> None:
    assert hidden_told(text) is None
    assert withheld_turns([text]) == [False]


@pytest.mark.parametrize("first, second", [
    ("what was the safe house movie called?", "Safe House, 2012, with Denzel"),
    ("the hideout in that novel was creepy", "it had 3 floors and no windows"),
    ("the safe house talk went well", "we start at 9 tomorrow"),
    ("I booked a table near the old hideout bar", "see you there at 8"),
])
def test_a_turn_after_talk_of_such_a_place_is_kept(first: str, second: str) -> None:
    assert withheld_turns([first, second]) == [False, False]


@pytest.mark.parametrize("first, second", [
    ("14 Rowan Close, flat 2", "that's the safe house, remember it"),
    ("Via Roma 22", "c'est la planque"),
    ("ul. Lipowa 12 m. 4", "to jest nasza kryjówka"),
])
def test_an_address_a_turn_naming_a_hidden_place_comes_after_is_withheld(first: str, second: str) -> None:
    assert withheld_turns([first, second]) == [True, False]


@pytest.mark.parametrize("first, second", [
    ("12 Oak Road", "is that near the safe house movie set?"),
    ("12 Oak Road", "that's where I live"),
])
def test_an_address_before_ordinary_talk_is_kept(first: str, second: str) -> None:
    assert withheld_turns([first, second]) == [False, False]


def test_a_refuge_s_address_is_withheld_and_an_animal_shelter_s_kept() -> None:
    assert withheld_turns(["the refuge's address is 5 Elm Street, she's there with the kids"]) == [True]
    assert withheld_turns(["the animal shelter's address is 5 Elm Street"]) == [False]
