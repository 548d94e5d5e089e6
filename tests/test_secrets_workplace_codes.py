"""Codes of places and things at work and in daily life: a till's manager override, a stockroom's or
a staff door's keypad, a card terminal's merchant password, a parcel locker's pickup code (digits or
capitals), said after their name, before it, with a copula, with a purpose in between, or keyed in
after the thing; and a code's digits sent in pieces. Look-alikes kept: a store's number, an order's
reference, a postcode, times, a street number. Sentences written for this test (none from a corpus)."""
import pytest

from .helpers import kept_in_thread

SECRETS = [
    (["the supervisor override on register 4 is 6631, only for refunds"], "6631"),
    (["backroom keypad: 20417"], "20417"),
    (["the door to the cold store is 5570#."], "5570#"),
    (["Lager hinten, Tür: 33019"], "33019"),
    (["mot de passe commerçant du terminal de paiement : 771204"], "771204"),
    (["la clave de encargado para devoluciones en caja es 3318"], "3318"),
    (["9921 <- that's the drawer code, keep it to yourself"], "9921"),
    (["to open the till drawer with no sale hold NS and key in 60412"], "60412"),
    (["收银机的主管密码是51207，别告诉别人"], "51207"),
    (["レジの管理者コードは3390です"], "3390"),
    (["your parcel locker pickup code is MWQ4RX"], "MWQ4RX"),
    (["kod odbioru z paczkomatu 408133, odbierzesz?"], "408133"),
    (["entrada de empleados 4412 y luego empujar fuerte"], "4412"),
    (["how do I get into the staff room?", "5582#"], "5582"),
    (["菜鸟驿站取件码 6-2-3108"], "6-2-3108"),
    (["the fire door's 7815, don't tell anyone"], "7815"),
]


@pytest.mark.parametrize(("turns", "value"), SECRETS)
def test_a_code_at_work_or_of_a_locker_is_withheld(turns: list[str], value: str) -> None:
    assert value not in kept_in_thread(turns)


PIECES = [
    (["the key safe code starts with 81", "and ends with 06"], ["81", "06"]),
    (["el código del candado empieza por 47", "y termina en 20"], ["47", "20"]),
    (["the alarm code comes in two goes. 3381", "and 7720"], ["3381", "7720"]),
    (["Anfang vom Tresorcode: 5521", "das Ende: 0937"], ["5521", "0937"]),
    (["token in two bits, first Zq8mWv31", "hang on", "second Rt5yPo22"], ["Zq8mWv31", "Rt5yPo22"]),
    (["prima parte della password girasole", "seconda parte 88Mare"], ["girasole", "88Mare"]),
    (["dolap şifresi 52 ile başlıyor", "09 ile bitiyor"], ["52", "09"]),
    (["safe code: 61", "48"], ["61", "48"]),
]


@pytest.mark.parametrize(("turns", "values"), PIECES)
def test_a_code_sent_in_pieces_is_withheld_piece_by_piece(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


LOOKALIKES = [
    (["I work at store 5520 on the ring road"], "5520"),
    (["my shift on the till is 0800 to 1600"], "0800"),
    (["collection reference 66120 is printed on the receipt"], "66120"),
    (["Your order 88231 is ready to collect from the locker on Mill Lane"], "88231"),
    (["CAP del magazzino", "40121"], "40121"),
    (["the warehouse door is 2580 Harbour Road"], "2580"),
    (["the gate at the old mill is 1887"], "1887"),
    (["the loading yard is 1500."], "1500"),
    (["my shift begins 0630 at the warehouse"], "0630"),
    (["first half of the rota 0900, second half 1300"], "0900"),
    (["pickup code is on the LABEL"], "LABEL"),
    (["my phone number starts with 0171", "and ends with 5523"], "5523"),
    (["the card ends in 4432"], "4432"),
    (["the first part of the film was slow", "the second part much better"], "better"),
    (["I'll explain in two parts. First the history", "then the plan"], "plan"),
]


@pytest.mark.parametrize(("turns", "value"), LOOKALIKES)
def test_a_lookalike_at_work_is_kept(turns: list[str], value: str) -> None:
    assert value in kept_in_thread(turns)
