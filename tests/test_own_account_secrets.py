"""A bank account told by the bare word for an account, in scripts where that word also means a profile."""

import pytest

from fact_memory_graph.secrets import own_accounts, redact_secrets


@pytest.mark.parametrize("text, value", [
    ("حسابي في بنك الراجحي هو 123456789012", "123456789012"),
    ("حوّل على حسابي ٠٠١٢٣٤٥٦٧٨٩٠ لو سمحت", "00123456789"),
    ("मेरा अकाउंट 50100234567891 है, SBI में", "50100234567891"),
    ("hesabım 12345678901234, ziraat bankası", "12345678901234"),
    ("tài khoản của tôi 0123456789012 ở Vietcombank", "0123456789012"),
    ("我的户口 1234567890123", "1234567890123"),
    ("החשבון שלי 12345678 בבנק לאומי", "12345678"),
])
def test_an_account_after_its_bare_word_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "أنا أحب حسابي على انستغرام كثيرا",
    "حسابي على انستغرام فيه 12000000 متابع",
    "حسابي فيه 12000000 ريال",
    "मेरा अकाउंट नंबर मेरे फोन 9876543210 से जुड़ा है",
    "账户余额 12345678 元",
    "hesabım 05321234567",
])
def test_a_profile_a_phone_or_an_amount_is_kept(text: str) -> None:
    assert own_accounts.spans(text) == []
