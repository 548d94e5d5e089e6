"""Round 14 (t45c): physical access codes by their grammar, personal tax ids; own sentences and values."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_turns


def _shown(turns: list[str]) -> str:
    kept = [t for t, w in zip(turns, withheld_turns(turns), strict=True) if not w]
    return " || ".join(redact_turns(kept)) if kept else ""


ACCESS_CODES = [
    (["gate: *3917"], ["*3917"]),
    (["front door: 6-0-3-8"], ["6-0-3-8"]),
    (["for the plant sitter next week", "door: 2-9-5-1, the light switch is on the left"], ["2-9-5-1"]),
    (["to get in press 5826 and then the bell"], ["5826"]),
    (["to get into the building you punch in 4072#"], ["4072#"]),
    (["Haustür: 8-1-4-6 und dann die Raute"], ["8-1-4-6"]),
    (["Garagentor öffnet mit 6284"], ["6284"]),
    (["Alarmanlage deaktivieren mit 3-9-1-7, dann AUS drücken"], ["3-9-1-7"]),
    (["pour entrer : 7351 puis la clé"], ["7351"]),
    (["para entrar marca 9043 y luego la llave"], ["9043"]),
    (["portão: 6 2 7 4"], ["6 2 7 4"]),
    (["cancello: 3852#"], ["3852#"]),
    (["dörrkod 6185"], ["6185"]),
    (["kapukód 4093"], ["4093"]),
    (["cod poartă 7719"], ["7719"]),
    (["গেটের কোড 5306"], ["5306"]),
    (["경보 해제 번호 8402"], ["8402"]),
    (["门禁密码是 620481#"], ["620481#"]),
    (["the key box code at the cabin we rent out for my aunt is 5 0 7 3, towels in the closet"], ["5 0 7 3"]),
    (["code van het sleutelkluisje achter de winkel is 8147"], ["8147"]),
    (["दादी के घर के अलार्म का कोड 6093 है"], ["6093"]),
    (["la combinación del candado de la taquilla es 3-1-9"], ["3-1-9"]),
]

ACCESS_LOOKALIKES = [
    (["boarding at gate: 2215, flight to Oslo at 14:05"], ["2215"]),
    (["conference bridge, access code 5830 1177#"], ["5830 1177"]),
    (["we live at 2580 Birch Lane, the green door"], ["2580"]),
    (["I'm in room 1417 on floor 14"], ["1417"]),
    (["Terminal 1, Flugsteig: 2044"], ["2044"]),
    (["the entrance opens at 0730 on weekdays"], ["0730"]),
    (["door code for the hotel? no idea, we check in at 1500"], ["1500"]),
    (["the code for the mailbox area is only the postcode, 40215"], ["40215"]),
    (["to get in you need a wristband, 3100 people came last year"], ["3100"]),
]


@pytest.mark.parametrize(("turns", "needles"), ACCESS_CODES)
def test_access_codes_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), ACCESS_LOOKALIKES)
def test_access_lookalikes_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown


TAX_IDS = [
    (["TFN for my ABN sole trader stuff: 957 414 360"], ["957 414 360"]),
    (["my EIN for my sole proprietorship is 24-3933283"], ["24-3933283"]),
    (["for the candle side business", "EIN 24-3933283, please don't share it"], ["24-3933283"]),
    (["AHV-Nummer 756.7832.8263.67, bitte nur für die Lohnabrechnung"], ["756.7832.8263.67"]),
    (["IDNP: 9823988226159"], ["9823988226159"]),
    (["kennitala 451139-6499 fyrir skattframtalið"], ["451139-6499"]),
    (["мой налоговый номер 5830192746, для декларации"], ["5830192746"]),
    (["mijn belastingnummer:", "5830192746"], ["5830192746"]),
    (["nomor pajak saya 5830192746"], ["5830192746"]),
    (["verotunnisteeni 5830192746"], ["5830192746"]),
    (["als zzp'er: belastingnummer 5830192746"], ["5830192746"]),
    (["pan card no. bqrpk5521m for the ITR"], ["bqrpk5521m"]),
    (["my cousin's Aadhaar, for the SIM", "the number on it is 4916 4339 4554"], ["4916 4339 4554"]),
    (["الرقم الضريبي الشخصي 5830192746"], ["5830192746"]),
    (["numer podatkowy osobisty 5830192746"], ["5830192746"]),
    (["Emirates ID 784-1985-1234567-3 for the visa renewal"], ["784-1985-1234567-3"]),
    (["my ghana card is GHA-731904552-6"], ["GHA-731904552-6"]),
]

TAX_LOOKALIKES = [
    (["our bakery's EIN 24-3933283 is printed on every invoice"], ["24-3933283"]),
    (["Faktura na 2 150,00 zł, termin płatności 7 dni, do 03.04.2027"], ["03.04.2027"]),
    (["la plantilla de ejemplo pone DNI 12345678Z"], ["12345678Z"]),
    (["Invoice from Nordlicht GmbH, USt-IdNr. DE136695976"], ["DE136695976"]),
    (["my payslip says tax code 1185L this year"], ["1185L"]),
    (["el número de contribuyente de la empresa es 5830192746"], ["5830192746"]),
    (["mijn belastingnummer staat op de brief van 12-03-2026"], ["12-03-2026"]),
    (["el NIF de la empresa que nos instaló las placas: B58818501"], ["B58818501"]),
    (["mi número fiscal sale en la factura 2025/0417"], ["2025/0417"]),
    (["Eid dinner for 784 guests, 2026 edition"], ["784"]),
]


@pytest.mark.parametrize(("turns", "needles"), TAX_IDS)
def test_personal_tax_ids_withheld(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle not in shown, shown


@pytest.mark.parametrize(("turns", "needles"), TAX_LOOKALIKES)
def test_tax_lookalikes_kept(turns: list[str], needles: list[str]) -> None:
    shown = _shown(turns)
    for needle in needles:
        assert needle in shown, shown
