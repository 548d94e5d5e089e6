"""A date of birth given as an exam results page's or an admissions portal's password is withheld; a date of
birth alone, a birthday and the candidate's number itself are kept. Sentences written for this test (none
from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_thread, revealed_by_next


@pytest.mark.parametrize(("text", "value"), [
    ("board result ke liye roll no 4471902 aur DOB 14/08/2007 chahiye", "14/08/2007"),
    ("Hall Ticket No: 22B41187\nD.O.B: 2006-02-19\n[Login]", "2006-02-19"),
    ("इंटर का रिजल्ट देखना है, अनुक्रमांक 3301245 और जन्मतिथि 05-11-2006", "05-11-2006"),
    ("আমার রোল নং 558812, জন্ম তারিখ 07/03/2008 দিয়ে লগইন করো", "07/03/2008"),
    ("نتیجہ دیکھنا ہو تو سیٹ نمبر 774120 کے ساتھ تاریخ پیدائش 11-09-2007 ڈالنا", "11-09-2007"),
    ("para ver o resultado: número de inscrição 8812330, data de nascimento 03/04/2006", "03/04/2006"),
    ("the portal password is just my date of birth, 29.02.2008, no dashes", "29.02.2008"),
    ("số báo danh 02011234, ngày sinh 12/12/2006 là đăng nhập xem kết quả", "12/12/2006"),
])
def test_a_birth_date_that_logs_in_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


def test_a_birth_date_in_the_turn_before_its_login_is_withheld() -> None:
    earlier = ["21/06/2007"]
    text = "that goes in the password box on the board's results site, roll no 7731204"
    assert revealed_by_next(earlier[0], (), text)


@pytest.mark.parametrize(("text", "value"), [
    ("name: A. Mensah\ndob: 1986-05-02\nnationality: Ghanaian", "1986-05-02"),
    ("my son's birthday is 12/03/2015, party on saturday", "12/03/2015"),
    ("DOB 1990-04-02, blood group O+, allergic to penicillin", "1990-04-02"),
    ("roll number 4471902 — keep it for the counselling round", "4471902"),
    ("the exam is on 14/08/2026, roll no 4471902, centre pin 110045", "14/08/2026"),
])
def test_a_birth_date_alone_and_the_candidate_number_are_kept(text: str, value: str) -> None:
    assert value in redact_thread(text, [])


def test_a_lone_date_before_talk_of_a_password_is_kept() -> None:
    assert not revealed_by_next("12/05/2024", (), "that's the day I changed my password")
