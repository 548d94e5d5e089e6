"""Whether a token is a telephone number, by python's ``phonenumbers`` (Google's libphonenumber data):
the one validator the readers share (a look-alike's phone number, a call's number after a secret's
word, a bank's call centre, a "+" number inside another reader's span).

A number written with a "+" is read in the country its calling code names; one without, in each of
the regions the caller gives, most spoken first. Memoised: the same token is asked by several readers
of one message.
"""

from __future__ import annotations

import functools

#: Where a number written without a country code is tried, by how many people write to us from there.
REGIONS = ("US", "GB", "IN", "DE", "FR", "BR", "ES", "IT", "MX", "RU", "UA", "KR", "CN", "JP", "AU",
           "TR", "NG", "ID", "VN", "EG", "SA", "AE", "PK", "BD", "NL", "PL", "SE", "CA", "ZA", "TH", "PH", "MY",
           "IL", "IR")


@functools.lru_cache(maxsize=4096)
def is_phone(token: str, regions: tuple[str, ...] = REGIONS, *, possible: bool = False) -> bool:
    """A valid telephone number of its "+" country or of one of ``regions``; with ``possible``, a
    "+" number need only have a possible length for its country (libphonenumber's looser check)."""
    import phonenumbers  # lazily: the library's metadata loads on first use

    token = token.strip()
    try:
        if token.startswith("+"):
            number = phonenumbers.parse(token, None)
            return phonenumbers.is_possible_number(number) if possible else phonenumbers.is_valid_number(number)
    except phonenumbers.NumberParseException:
        return False
    for region in regions:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(token, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False
