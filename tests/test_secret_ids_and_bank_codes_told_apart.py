"""A national id named in one turn and given in the reply; a bank code a few words after its name, its account beside or next."""

from fact_memory_graph.secrets import redact_secrets, redact_turns


def test_an_id_named_in_a_turn_and_given_in_the_short_reply_is_withheld():
    # a Spanish DNI (its check letter), a Finnish henkilötunnus (its check character)
    assert "12345678Z" not in redact_turns(["guárdame el documento de mi hija para el campamento", "es 12345678Z"])[1]
    assert "131052-308T" not in redact_turns(["isän tunnus tarvitaan lomakkeeseen", "131052-308T"])[1]
    assert "131052-308T" not in redact_secrets("hetuni on 131052-308T, tarvitaan vuokrasopimukseen")


def test_a_reply_without_a_valid_id_is_kept():
    assert "55512345" in redact_turns(["the documento for the course is ready", "ticket 55512345"])[1]


def test_a_bank_code_a_few_words_after_its_name_goes_with_the_account():
    turns = redact_turns(["BSB for the club's savings account is 062-000", "account number 12345678"])
    assert "062-000" not in turns[0] and "12345678" not in turns[1]
    turns = redact_turns(["rtn 121000358", "acct # 325081234567 checking"])
    assert "121000358" not in turns[0] and "325081234567" not in turns[1]


def test_a_bank_code_alone_stays():
    assert "062-000" in redact_secrets("the BSB for CommBank's Sydney branch is 062-000")
