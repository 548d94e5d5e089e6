"""Round thirteen (q45l): look-alikes kept by their own label, USSD codes; secrets beside them withheld.
Every sentence and value here was written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

KEPT = [
    ("forgot my password again lol, anyway the parcel number is 5512099", "5512099"),
    ("my PIN got blocked, branch code 00432", "00432"),
    ("Ich habe mein Passwort geändert, Bestellnummer 440921", "440921"),
    ("contraseña nueva lista; mi número de pedido es 5531920", "5531920"),
    ("senha trocada; protocolo de atendimento 20231128004412", "20231128004412"),
    ("密码改好了，订单号 882013991", "882013991"),
    ("To check your balance dial *123#", "*123#"),
    ("USSD code for data bundle: *150*01#", "*150*01#"),
    ("el código *133# para saldo", "*133#"),
    ("dial *#06# to see the IMEI", "*#06#"),
    ("the code under the bottle cap is JUICY77, send it by SMS", "JUICY77"),
    ("biskuit ke packet pe code CRUNCH20 likha hai", "CRUNCH20"),
    ("the post office queue number for SIM PIN issues was C-112", "C-112"),
    ("hall ticket pe roll code 5531029 hai", "5531029"),
    ("bakery permit number BK-77Q2LM on the wall", "BK-77Q2LM"),
    ("mandé el paquete, el envío es CRX-PT-44102935", "CRX-PT-44102935"),
    ("kode merchant qris toko kami 7713004", "7713004"),
    ("bank SMS: A/c XX9023 credited with salary", "XX9023"),
    ("銀行カードの下4桁は7781です", "7781"),
    ("la línea de la oficina de empleo es 912 44 80 31, abren a las nueve", "912 44 80 31"),
    ("年金の問い合わせダイヤル 0570-11-2233 に電話した", "0570-11-2233"),
    ("PLN bill nenek || Customer Account Number 5120-4471-88, berapa ya", "5120-4471-88"),
    ("conta da Copasa, RGI 7720114592, leitura 03318", "7720114592"),
    ("el código postal del ayuntamiento de Getafe es 28901, por si lo necesitas", "28901"),
    ("پن کوڈ 75500 کراچی لکھ دو", "75500"),
    ("código de invitación de Cabify: LUCIA552", "LUCIA552"),
    ("the allotment gate code is 8642, posted for all members", "8642"),
    ("el código del baño es 9731, en la barra lo dicen", "9731"),
    ("IBAN ending ...7310", "7310"),
    ("Contraseña: [tu contraseña]", "[tu contraseña]"),
    ("o manual mostra 'CPF: 000.000.000-00' como exemplo", "000.000.000-00"),
    ("la guía del banco muestra 'CLABE: 002010077777777771' como ejemplo genérico", "002010077777777771"),
    ("O ofício da Segurança Social diz 'Processo n.º 2024/55120'", "2024/55120"),
    ("my data balance code is *131*#", "*131*#"),
    ("gas account number 5510 2231 9087 — it's on the bill, not a bank account", "5510 2231 9087"),
    ("my home PIN code is 411038 (Pune)", "411038"),
    ("Airtel Home Fibre account 2003341177", "2003341177"),
    ("Steuernummer des Vereins TC Rot 21/815/08150 steht im Impressum", "21/815/08150"),
    ("numer NIP piekarni firmy 7251801126", "7251801126"),
    ("meet me in room 3.12 after lunch", "3.12"),
    ("Spendenkonto des Sportvereins: 7720 1188 40", "7720 1188 40"),
    ("chave pix aleatória da feira: 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f, tá no cartaz", "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"),
]

WITHHELD = [
    ("the door PIN of the office is 5821", "5821"),
    ("현관 비밀번호 *6042# 이에요", "6042"),
    ("gate code 71139# then buzz 4", "71139"),
    ("Safecode fürs Büro: 80417", "80417"),
    ("sandi laptop kantor Merah!5521q", "Merah!5521q"),
    ("alarm code of room 5 is 6633", "6633"),
    ("driving licence number PETRA712245XK3, needed for the hire car", "PETRA712245XK3"),
    ("the booking number for the door code is 4471", "4471"),
    ("send the donations to my account 7720 1188 40", "7720 1188 40"),
    ("my bank is the credit union || Customer Account Number 5120-4471-88", "5120-4471-88"),
    ("pin code 55102 Dont tell anyone", "55102"),
    ("my PIN is [8830]", "8830"),
    ("entry codes — gate 6604, front door 1187", "6604"),
    ("garage opener code, gate 3319", "3319"),
    ("usuario: el RUT de la empresa, clave: Tortilla#2291", "Tortilla#2291"),
    ("meine Steuernummer ist 21/815/08150", "21/815/08150"),
    ("the parcel locker pickup PIN is 771204", "771204"),
    ("my bank account number 5510 2231 9087 for the gas, not a card", "5510 2231 9087"),
    ("my PIN is 411038 (don't share)", "411038"),
    ("mi contraseña es Lunes4471 como ejemplo", "Lunes4471"),
    ("ATM pin code 66120 Lahore", "66120"),
    ("called the bank, my account number is 5521 0098 77", "5521 0098 77"),
    ("the code they texted to my phone is 551902", "551902"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_lookalike_kept(text: str, value: str) -> None:
    assert value in " ".join(redact_turns(text.split(" || ")))


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_secret_withheld(text: str, value: str) -> None:
    assert value not in " ".join(redact_turns(text.split(" || ")))
