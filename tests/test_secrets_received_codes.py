"""A one-time code told by what brought it ("the SMS says …", "your authenticator shows …",
"문자로 온 번호 …"), in many languages and in the three orders of its words; and the numbers a
message brings that are no code (an order, a parcel, a balance, a count, an amount, a time).
Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import received_codes, redact_secrets

CODES = [
    ("the SMS says 517 230, can you type it in", "517 230"),
    ("your Authy shows 904-118", "904-118"),
    ("my email just came, it says 66120934", "66120934"),
    ("it just pinged me: 4 4 0 9 1 7", "4 4 0 9 1 7"),
    ("llegó el mensaje, dice 730492", "730492"),
    ("le SMS affiche 281 774, vite", "281 774"),
    ("die Nachricht zeigt 552019, bitte eingeben", "552019"),
    ("a mensagem diz 119 283", "119 283"),
    ("il messaggio dice 663018", "663018"),
    ("het smsje zegt 448 201", "448 201"),
    ("wiadomość mówi 904 221", "904 221"),
    ("в смс пишет 772 019", "772 019"),
    ("mesaj geldi, kod 881 204", "881 204"),
    ("pesannya bilang 550 213", "550 213"),
    ("tin nhắn báo 408 117", "408 117"),
    ("sms:et säger 339 210", "339 210"),
    ("届いたコードは 482 117 です", "482 117"),
    ("短信说 509 331", "509 331"),
    ("카톡으로 온 번호 880 216", "880 216"),
    ("the code came through: 2290 17", "2290"),
]


@pytest.mark.parametrize(("text", "value"), CODES)
def test_a_code_told_by_what_brought_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


KEPT = [
    ("the email says your order 4401-2291 has shipped", "4401-2291"),
    ("the text said the delivery comes at 1430", "1430"),
    ("the app says 10000 steps today!", "10000"),
    ("the guy said 1500 for the bike, too much?", "1500"),
    ("SMS says my balance is 4520", "4520"),
    ("la app dice que el pedido 4410293 llega mañana", "4410293"),
    ("Die Mail sagt, Sendung 00340434 ist unterwegs", "00340434"),
    ("mom texted me, dinner at 1900", "1900"),
    ("the notification says 2024 recap is ready", "2024"),
    ("got an email, booking 4829103 confirmed", "4829103"),
    ("the lady said 4 8 0 0 for shipping, crazy", "4 8 0 0"),
    ("短信说快递单号 77120934 到了", "77120934"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_number_a_message_brought_that_is_no_code_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_text_without_a_message_word_is_not_read() -> None:
    assert received_codes.spans("we met at 1430 and talked for 20 minutes") == []


USED = [
    ("330918 quick, type it in before it expires", "330918"),
    ("552 019, valid for 10 minutes", "552 019"),
    ("código 553 201, válido por 5 minutos", "553 201"),
    ("904118 — gib das ein, läuft gleich ab", "904118"),
]


@pytest.mark.parametrize(("text", "value"), USED)
def test_a_code_said_to_expire_or_to_be_entered_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


USED_KEPT = [
    ("card 552019 expires 09/27", "552019"),
    ("I have 150000 points expiring soon", "150000"),
    ("coupon 552019 expires friday", "552019"),
    ("order 4410293, type it in the tracking box", "4410293"),
    ("the 2024 plan expires", "2024"),
]


@pytest.mark.parametrize(("text", "value"), USED_KEPT)
def test_a_number_that_expires_but_is_no_code_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)
