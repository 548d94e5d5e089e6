"""A memorable word named by what the bank asks of it, and a public number its own turn names after a
secret's word in the turn before. Sentences written for this test (round twenty-five)."""
import pytest

from fact_memory_graph.secrets import redact_thread


@pytest.mark.parametrize(("turns", "value"), [
    (["barclays wants characters 1, 3 and last of quillpen"], "quillpen"),
    (["the bank always wants letters 3 and 6 of Hazelnut."], "Hazelnut"),
    (["santander asks for characters from it, the word is juniper"], "juniper"),
    (["when halifax asks letters from my memorable word its from honeycomb, 2nd and 4th"], "honeycomb"),
    (["Peppermill - what nationwide asks for after the pin"], "Peppermill"),
    (["Gooseberry: the thing barclays asks for on the phone"], "Gooseberry"),
    (["what santander wants after the passcode, the word: lighthouse"], "lighthouse"),
    (["la banque demande les lettres 2 et 5 de Tournesol"], "Tournesol"),
    (["the word lloyds asks for when i call", "Riverbend, they only ask 3 letters tho"], "Riverbend"),
    (["what's the word the bank wants on the phone again?", "ah yes -> sycamore"], "sycamore"),
])
def test_a_word_named_by_what_the_bank_asks_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("turns", "value"), [
    (["the 2nd and 5th letters of the alphabet are b and e"], "alphabet"),
    (["what the bank asks for is proof of address, so a utility bill"], "utility"),
    (["what lloyds wants is a letter from my employer"], "employer"),
    (["what's the word the teacher wants for question 4?", "Photosynthesis, i think"], "Photosynthesis"),
    (["the word the bank asks for when you ring", "yeah that one"], "one"),
    (["the thing barclays asks for after the passcode", "no idea, never set it"], "idea"),
])
def test_talk_of_what_is_asked_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("turns", "value"), [
    (["my pin got blocked", "the helpline is on 0345 300 0000"], "0345 300 0000"),
    (["olvidé la contraseña del banco", "número de reclamación 2025-88412"], "2025-88412"),
    (["пин-код заблокировали", "номер обращения 7731-2290"], "7731-2290"),
    (["şifremi unuttum", "şikayet numarası 2024-77810"], "2024-77810"),
    (["密码忘了", "客服电话 95533"], "95533"),
    (["door code changed", "ring the caretaker on 020 7946 0018"], "020 7946 0018"),
    (["il pin della carta è bloccato", "chiamate il numero verde 800 123 456"], "800 123 456"),
    (["la clave del portal cambió, llamen al +34 612 44 55 66"], "+34 612 44 55 66"),
])
def test_a_public_number_named_in_its_own_turn_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("turns", "value"), [
    (["what's the door code?", "its 58213"], "58213"),
    (["the alarm code", "4471, call me if it doesnt work"], "4471"),
    (["pin changed", "new pin is 90817"], "90817"),
    (["my safe combination", "36-24-12"], "36-24-12"),
])
def test_the_secret_itself_is_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[-1], turns[:-1])
