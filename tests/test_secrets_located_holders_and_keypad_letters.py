"""A place that says where a code's holder stands (a lockbox on the wall, a tablet at the front desk) is
no statement that its code is posted; a keypad's code with a letter at one end ("C0394X") after a long
qualifier of its door. Sentences written for this test (none from a corpus)."""
import pytest

from .helpers import kept_in_thread

SECRETS = [
    (["the key safe for the van is 7-3-1-9, it's on the wall by the bins"], ["7-3-1-9"]),
    (["the tablet at reception unlocks with 550913"], ["550913"]),
    (["la caja de llaves del local es 4471, está en la entrada junto al buzón"], ["4471"]),
    (["the door of the storeroom behind the kitchen, not the fire exit, is A4471B then the green key"],
     ["A4471B"]),
    (["le portail du parking, celui derrière l'école et pas celui du marché, c'est 2580B"], ["2580B"]),
    (["رمز بوابة الحديقة الخلفية (وليس البوابة الأمامية) هو 9034"], ["9034"]),
]


@pytest.mark.parametrize(("turns", "values"), SECRETS)
def test_the_code_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


LOOKALIKES = [
    (["the guest wifi is CafeGuest22, it's on the wall at reception"], ["CafeGuest22"]),
    (["the flat on the third floor of the building is 1234A"], ["1234A"]),
    (["the gate for the flight to Lisbon is B12"], ["B12"]),
]


@pytest.mark.parametrize(("turns", "values"), LOOKALIKES)
def test_the_look_alike_is_kept(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept, kept
