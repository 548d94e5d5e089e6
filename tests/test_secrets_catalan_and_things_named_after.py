"""Catalan and Galician names of passwords and codes ("el codi de la porta és …", "o contrasinal é …"),
and a value before an arrow or a dash naming the Wi-Fi or the door it opens ("X <- office wifi",
"4471 — that's for the side gate"). Sentences written for this test (none from a corpus)."""
import pytest

from .helpers import kept_in_thread

SECRETS = [
    (["el codi de l'alarma del local és 6204"], ["6204"]),
    (["la contrasenya del portàtil és Montseny!31"], ["Montseny!31"]),
    (["o contrasinal do correo é Carballeira77"], ["Carballeira77"]),
    (["Hortensia_2291 <- guest wifi at the cabin"], ["Hortensia_2291"]),
    (["8812 — that's for the back door of the shop"], ["8812"]),
]


@pytest.mark.parametrize(("turns", "values"), SECRETS)
def test_the_secret_is_withheld(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value not in kept, kept


LOOKALIKES = [
    (["el codi postal és 08012"], ["08012"]),
    (["Casa_Mora is my wifi network"], ["Casa_Mora"]),
    (["1887 — that's when the door was built"], ["1887"]),
]


@pytest.mark.parametrize(("turns", "values"), LOOKALIKES)
def test_the_look_alike_is_kept(turns: list[str], values: list[str]) -> None:
    kept = kept_in_thread(turns)
    for value in values:
        assert value in kept, kept
