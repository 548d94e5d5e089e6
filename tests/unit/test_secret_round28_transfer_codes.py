"""Round twenty-eight (t59a): a money transfer's collection code and its test answer are withheld; payment
handles (a Pix key), an agent's or an outlet's code and a payment's reference are kept; wallet PINs, SIM PUKs
and device codes named in more languages. Sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_turns, transfer_codes

WITHHELD = [
    (["sent you 300 through remitly, the pickup PIN is 55821907"], ["55821907"]),
    (["Mama, the Western Union number is 731 204 5581 and the question is your village: Kisumu"],
     ["731 204 5581", "Kisumu"]),
    (["te mandé por moneygram, el número de referencia es 40917733, cóbralo hoy"], ["40917733"]),
    (["رقم التحويل 55821907 من ويسترن يونيون"], ["55821907"]),
    (["شماره حواله 8841-27 رو به صراف بده"], ["8841-27"]),
    (["wu mtcn: 0938-221-447 jibu la swali ni Tembo"], ["0938-221-447", "Tembo"]),
    (["hawala code for uncle is HK-5512, collect at the shop in Deira"], ["HK-5512"]),
    (["j'ai envoyé par ria, code du transfert 7720418, va le retirer"], ["7720418"]),
    (["MTCN", "772-019-4410"], ["772-019-4410"]),
    (["pinadala ko sa palawan express, control no 4410298871, kunin mo bukas"], ["4410298871"]),
    (["হুন্ডির নম্বর ZT-4471, দোকানে গিয়ে নিয়ে নিও"], ["ZT-4471"]),
    (["lambarka xawaalada waa 88201944, dahabshiil ka qaado"], ["88201944"]),
    (["WorldRemit reference 90417726, answer is 'blue kettle'"], ["90417726", "blue kettle"]),
    # over turns, value first, a hawala's word-code
    (["referencia de Western Union", "44019271 para cobrar mañana"], ["44019271"]),
    (["hola", "nomor referensi MoneyGram 66120934, ambil di kantor pos"], ["66120934"]),
    (["XK55019273 — that's what you tell the agent at the counter"], ["XK55019273"]),
    (["7718204456, nenda Western Union ukachukue kesho"], ["7718204456"]),
    (["hawala wale uncle ko bolna tiger-417, phir paisa dega"], ["tiger-417"]),
    (["Koodhka xawaaladda waa", "kaluun-208"], ["kaluun-208"]),
    (["رقم مرجع ويسترن يونيون 55019284"], ["55019284"]),
]

KEPT = [
    (["the MTCN for the transfer is 4417902338, the shop can look it up"], ["4417902338"]),
    (["ref no. 55120948812 ng padala ko kahapon, pa-check kung dumating na"], ["55120948812"]),
    (["Western Union customer service number is 1-800-325-6000"], ["1-800-325-6000"]),
    (["the western union agent on Mombasa road, agent number 44120"], ["44120"]),
    (["I sent the money through western union, my order number is 55123987"], ["55123987"]),
    (["western union closes at 1800 on saturdays"], ["1800"]),
    (["padala sa cebuana, 5000 pesos, dumating na ba?"], ["5000"]),
    (["moneygram fee was 1250 for 20000"], ["1250", "20000"]),
    # a Pix key, random ones too, only receives a payment; so does a UPI id
    (["chave pix da minha mãe: 9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"], ["9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"]),
    (["pode mandar no pix", "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"], ["0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"]),
    # an agent's or an outlet's code, a payment's reference
    (["agent code 55812 near the market, withdraw there"], ["55812"]),
    (["outlet code 730114 ang sa Palengke branch"], ["730114"]),
    (["CSP id 88214, bank mitra wala"], ["88214"]),
    (["namba ya muamala QK73PLM2XZ, angalia kama imefika"], ["QK73PLM2XZ"]),
    (["transaction id 8HG72KQ9LM from yesterday's payment"], ["8HG72KQ9LM"]),
    (["paisa nahi aaya, UTR no: 604512339871"], ["604512339871"]),
    (["RRN 318827740019 dikh raha hai, refund kab aayega"], ["318827740019"]),
    (["m-pesa code RBK4X7PQ2M, the shop says not received"], ["RBK4X7PQ2M"]),
    (["mpesa confirmation code", "QWT7Y2KD9P"], ["QWT7Y2KD9P"]),
    (["pode fazer o pix pro +55 21 99876-1234"], ["+55 21 99876-1234"]),
    (["12345678 is my order number, tell the agent"], ["12345678"]),
]

ALSO_WITHHELD = [
    (["my UTR for self assessment is 4417092381"], ["4417092381"]),  # the UK's taxpayer reference: ten digits
    (["গ্রামীণফোন সিমের পিইউকে 71120448"], ["71120448"]),
    (["زونگ سم کا پک کوڈ 44019283 ہے"], ["44019283"]),
    (["सिम का पीयूके 83310927 है"], ["83310927"]),
    (["pinka EVC-kayga waa 7731, cidna ha u sheegin"], ["7731"]),
    (["የሲቢኢ ብር ፒን 4471 ነው"], ["4471"]),
    (["simu ya mama ifungue na 7304, picha ziko ndani"], ["7304"]),
    (["iphasikhodi yefoni 5521"], ["5521"]),
    (["ukiulizwa, weka 6620 kisha OK"], ["6620"]),
    (["kalau diminta, masukkan 9931 ya"], ["9931"]),
    (["mpesa code 4471 usimwambie mtu"], ["4471"]),  # digits alone after "mpesa code": a PIN, not a confirmation
    (["namba ninazobonyeza kwa mpesa", "5519"], ["5519"]),
    (["the digits I press after *150# are 3382"], ["3382"]),
    (["namba ya kufungua simu ya kazi ni 730512"], ["730512"]),
    (["guhit sa screen ni lola: 3-6-9-8-7"], ["3-6-9-8-7"]),
]


@pytest.mark.parametrize(("turns", "values"), WITHHELD + ALSO_WITHHELD)
def test_withheld(turns: list[str], values: list[str]) -> None:
    out = " ".join(redact_turns(turns))
    for value in values:
        assert value not in out


@pytest.mark.parametrize(("turns", "values"), KEPT)
def test_kept(turns: list[str], values: list[str]) -> None:
    out = " ".join(redact_turns(turns))
    for value in values:
        assert value in out


def test_the_reader_needs_a_transfer_or_its_code() -> None:
    assert transfer_codes.spans("the number is 4410298871, call after six") == []
    assert transfer_codes.spans("reference 4410298871 for the invoice") == []
