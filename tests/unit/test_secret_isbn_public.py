"""A book's ISBN is public by its check digit where the message says ISBN, whatever else it names ("code civil",
"password book"); a number that fails the check, or a card, stays withheld."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text,isbn", [
    ("isbn du code civil annoté 978-0-306-40615-7", "978-0-306-40615-7"),
    ("ISBN of the password book I bought: 0-306-40615-2", "0-306-40615-2"),
    ("Der Kodex zum Strafrecht, ISBN 9780306406157, liegt im Büro", "9780306406157"),
])
def test_a_valid_isbn_named_as_one_is_kept(text: str, isbn: str) -> None:
    assert isbn in redact_secrets(text)


@pytest.mark.parametrize("text,value", [
    ("isbn du livre 978-0-306-40615-7, et le code de la porte 4471-2209-3318", "4471-2209-3318"),
    ("the book's isbn is 978-0-306-40615-7 and my card is 4539 1488 0343 6467", "4539 1488 0343 6467"),
])
def test_a_secret_beside_an_isbn_is_still_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
