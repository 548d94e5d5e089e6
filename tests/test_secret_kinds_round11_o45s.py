"""Round eleven (o45s): a security question's answer read by its grammar — a cue (the question's
name, an answer word, a verb of setting it), a topic (first pet, favourite teacher, maiden name…,
in about thirty languages) and the value after them. Values and sentences written for this test
(none from a corpus)."""
import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

SECRETS = [
    ("security question: my first dog's name — Toffee Crumble", "Toffee Crumble"),
    ("secret answer for the credit union: childhood best friend, Marisol Quintero", "Quintero"),
    ("pregunta de seguridad del banco: nombre de mi primer perro, Canelo", "Canelo"),
    ("la respuesta secreta es el nombre de mi maestra favorita: Doña Rosaura", "Rosaura"),
    ("pergunta de segurança: cidade onde meus pais se conheceram — Juiz de Fora", "Juiz de Fora"),
    ("question secrète : nom de mon premier chat, Grisou", "Grisou"),
    ("Sicherheitsfrage: Name meines ersten Haustiers – Flocke", "Flocke"),
    ("domanda segreta: la mia prima macchina era una Panda rossa", "Panda rossa"),
    ("beveiligingsvraag: naam van mijn eerste huisdier is Bobbie", "Bobbie"),
    ("pytanie bezpieczeństwa: imię pierwszego psa — Azor", "Azor"),
    ("контрольный вопрос: девичья фамилия матери — Соколова", "Соколова"),
    ("güvenlik sorusu: ilk evcil hayvanımın adı Pamuk", "Pamuk"),
    ("pertanyaan keamanan: nama guru favorit saya Bu Ratna", "Ratna"),
    ("câu hỏi bảo mật: tên thú cưng đầu tiên là Mực", "Mực"),
    ("security sawal: bachpan ke dost ka naam Golu hai", "Golu"),
    ("security question ng bank: paboritong guro ko, si Mrs. Dizon", "Dizon"),
    ("swali la usalama: jina la mnyama wangu wa kwanza ni Simba Mdogo", "Simba Mdogo"),
    ("سؤال الأمان: اسم أول حيوان أليف هو بسبوس", "بسبوس"),
    ("密保问题：我的第一只宠物叫什么 答案是旺财", "旺财"),
    ("秘密の質問：初めて飼ったペットの名前は ポチ", "ポチ"),
    ("보안 질문: 첫 애완동물 이름 → 초코", "초코"),
    ("if the pharmacy line asks for my favourite book, it's Watership Down, that's what I set up",
     "Watership Down"),
    ("for the mortgage portal the answer to 'city where you were born' is Kilmarnock", "Kilmarnock"),
    ("the answer for the tax site: my first boss was Gordon Pettigrew", "Pettigrew"),
    ("name of my first school - Riverside Montessori - that's the answer for the school portal login",
     "Riverside Montessori"),
    ("respuesta para la pregunta del banco: mi primer carro, un Tsuru blanco", "Tsuru blanco"),
    ("resposta da pergunta secreta: time do coração, Corinthians", "Corinthians"),
    ("Q: What was the name of your favourite teacher? A: Mr Abernethy", "Abernethy"),
    ("सिक्योरिटी आंसर: मेरे पहले स्कूल का नाम ज्ञान दीप है", "ज्ञान दीप"),
    ("for my phone PIN reset they asked mother's maiden name → Grabowska", "Grabowska"),
    ("the recovery question is 'name of your first stuffed animal' and I put Mr. Floppsy", "Floppsy"),
    ("Security Q1: first pet = Rocko; Q2: city born = Harrogate", "Harrogate"),
    ("security answers: pet - Nalu, school - St Agnes, car - Corolla Levin", "Corolla Levin"),
    ("Sicherheitsfrage beim Onlinebanking ist der Name meiner ersten Lehrerin, Frau Brennecke", "Brennecke"),
    ("la pregunta secreta de mi correo es el nombre de mi abuela: Eusebita", "Eusebita"),
    ("mot de passe oublié : la question c'est le nom de mon premier animal, la réponse c'est Caramelo", "Caramelo"),
    ("hint question sa e-wallet: pangalan ng lola ko — Iskang", "Iskang"),
    ("güvenlik sorusu cevabım: annemin kızlık soyadı Yıldırımoğlu", "Yıldırımoğlu"),
    ("jawaban pertanyaan rahasia: nama sekolah SD saya SDN 7 Cibinong", "Cibinong"),
    ("câu trả lời bí mật: tên trường cấp 1 là Nguyễn Du", "Nguyễn Du"),
    ("Antwort auf die Sicherheitsfrage: Bellomir", "Bellomir"),
    ("jibu la swali la usalama ni Bahatika", "Bahatika"),
    ("they'll ask your grandmother's first name at the bank, mine is set to Philomenia", "Philomenia"),
    ("the verification answer I gave the card company was 'Pinegrove'", "Pinegrove"),
    ("first pet (security q): Mochiko", "Mochiko"),
    ("pertanyaan keamanan bank: nama hewan peliharaan pertama? jawab: Mimi", "Mimi"),
    ("otvet na kontrolnyy vopros — Tuzikov", "Tuzikov"),
    ("tanong sa security ng bangko: unang kotse ko? sagot ko: Toyota Coronet", "Coronet"),
    ("secret question = first teacher, answer = Mrs Haldaner", "Haldaner"),
    ("Recovery Q: street you grew up on / A: Linden Avenue", "Linden"),
    ("kontrollfrage der bank: lieblingsessen als kind? antwort: kaiserschmarrn", "kaiserschmarrn"),
    ("비밀 질문 '가장 좋아하는 음식' 답: 떡볶이", "떡볶이"),
    ("安全问题：小学班主任姓什么？答案：刘", "刘"),
    ("سیکیورٹی سوال: پہلے اسکول کا نام — النور اسکول", "النور"),
    ("ερώτηση ασφαλείας: όνομα πρώτου κατοικίδιου — Ρεξάκης", "Ρεξάκης"),
    ("întrebare de securitate: numele primului animal de companie — Azorelu", "Azorelu"),
    ("biztonsági kérdés: első háziállat neve — Bodrika", "Bodrika"),
    ("bezpečnostní otázka: jméno prvního mazlíčka — Alíček", "Alíček"),
    ("pregunta secreta: ¿cómo se llamaba tu primer perro? R: Chesterton", "Chesterton"),
]

THREADS = [
    (["the bank asked my childhood nickname", "I told them Bubbles"], "Bubbles"),
    (["el seguro me preguntó mi comida favorita", "puse pozole verde"], "pozole verde"),
    (["insurance wale puchte hain pehla school kaunsa tha", "Little Angels daala hai maine"], "Little Angels"),
    (["setting up the recovery questions for my email", "first car: Fiat Uno. favourite colour: teal"], "teal"),
    (["security sawal aaya: maa ka maika naam", "Bhardwaj likha hai maine"], "Bhardwaj"),
    (["Sicherheitsfrage bei der Sparkasse: erstes Auto", "hab Golf II eingegeben"], "Golf II"),
    (["o banco perguntou o nome da minha primeira professora", "respondi Dona Cleide"], "Cleide"),
    (["verification question on the phone: favourite holiday spot", "I said Tenerife"], "Tenerife"),
]

KEPT_TURNS = [
    ["my first pet was a hamster", "his name was Chompers"],
    ["the bank asked me for my address", "it's 12 Oak Road"],
    ["what should I pick as a security question?", "something nobody can find online"],
    ["I went back to my primary school today", "it's now called Riverside Academy"],
]

KEPT = [
    "my first car was a Honda Civic and it lasted fifteen years",
    "what's a good security question? mine are all guessable",
    "the security question asks for my first pet's name and I forgot which one I used",
    "mi primer perro se llamaba Canelo y era un amor",
    "security questions like 'favourite colour' are easy to guess, right?",
    "I set up the security questions yesterday but I don't remember the answers",
    "my favourite movie is Spirited Away, we watched it again last night",
    "quick question about my first car insurance, the premium went up to 840",
    "the answer to my math homework question is 42",
    "my favorite teacher Mrs. Carter retired this year, we threw her a party",
    "pergunta de segurança? não lembro qual coloquei",
    "the bank app asked me to set security questions, which ones are safest?",
    "minha primeira escola foi em Campinas, depois mudamos pra Santos",
    "my hometown is Dayton, Ohio and I grew up on Maple Street",
    "the answer is no, I don't want to reset the password",
    "I used to play in my first band, we won first place at a fair",
    "my first pet was a goldfish called Bubbles, he lived 8 years",
    "I answered all the questions about my favourite food in the survey",
    "what's the answer to 'what was your first car' if I never had one?",
    "la pregunta de seguridad es muy fácil de adivinar",
    "the bank asked me three security questions and I got them all right",
    "answer: yes, my first car was a Ford",
    "the quiz answer for 'favourite colour of Van Gogh' is yellow",
    "the security question on the form asks what my first car was — do I have to answer that?",
    # "il mio primo cane si chiamava Briciola" moved: a one-clause note is withheld (round eighteen, read by
    # clause_notes since round twenty-six, tests/unit/test_secret_round26_letters_and_answers.py)
    "Recovery Q: what happens if I forget the answer?",
    "the bank's security question feature is annoying, I always forget what I typed",
    "pregunta: ¿cuál es tu comida favorita? la mía es la paella",
    "secret question: should I tell my boss I'm leaving?",
    "the survey asked my favourite colour, I said green",
    "security question: is it safe to use the same answer everywhere?",
    "his answer to the question about his first job was honest",
    "my favourite restaurant for the bank dinner was Nandos",
    "my childhood hero was Roberto Clemente, I read his biography",
    "What was your first concert? Mine was Oasis in 1996!",
    "my favourite film? 'Alien' — that's my answer to everything",
    "my first pet's name is a common security question, sites should drop it",
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_a_security_answer_is_withheld(text, value):
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), THREADS)
def test_a_security_answer_given_in_the_next_turn_is_withheld(turns, value):
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("turns", KEPT_TURNS)
def test_a_turn_after_a_life_story_or_a_question_about_questions_is_kept(turns):
    assert redact_turns(turns) == turns


@pytest.mark.parametrize("text", KEPT)
def test_talk_about_security_questions_and_life_stories_are_kept(text):
    assert redact_secrets(text) == text


PRIVATE_THREADS = [
    (["can you keep a secret", "I'm applying for a job at the rival firm"], 1),
    (["puedes guardar un secreto?", "voy a dejar la carrera"], 1),
    (["consegue guardar um segredo?", "vou largar a faculdade"], 1),
    (["unaweza kutunza siri?", "nimeachishwa kazi"], 1),
    (["能保密吗？", "我要辞职了"], 1),
    (["لا تحفظ هذا من فضلك", "أخي عليه ديون كبيرة"], 1),
    (["bayni w baynak, akhoya mdayan ktir"], 0),
    (["bas ben2na, ana sebt el shoghl"], 0),
    (["این رو هیچ جا ثبت نکن، برادرم بدهی زیادی داره"], 0),
    (["dad's being moved to assisted living, it's between me and my brother. don't mention it to him"], 0),
    (["between me and my husband, we're thinking about a separation"], 0),
    (["rafiki yangu ana deni kubwa", "tafadhali usikumbuke hili"], 0),
    (["ne sokhranyay eto: ya uvolilsya"], 0),
    (["in ro sabt nakon: az karam ekhraj shodam"], 0),
    (["matsagelsh dah: ana mesh ha-rga3 el shoghl"], 0),
    (["ye sirf tere aur mere beech hai, bhai ki naukri chali gayi"], 0),
    (["my uncle is in rehab", "that's private btw, don't keep it"], 0),
    (["Kardeşim işten çıkarıldı.", "Bunu kimse bilmesin, kaydetme lütfen. Ona nasıl yardım ederim?"], 0),
    (["Мій брат має борги", "нікому не кажи і не записуй. Що йому порадити?"], 0),
    (["Can you help with a rota? Some context you shouldn't hold on to: my manager is on sick leave"], 0),
]

KEPT_THREADS = [
    ["the final was between me and my brother, he won by two points"],
    ["we split the rent between me and my sister."],
    ["my sister keeps a secret diary, is that normal for a 12 year old?"],
    ["the loyalty card number on the letter... no wait that's private. the store code is A-113"],
]


@pytest.mark.parametrize(("turns", "index"), PRIVATE_THREADS)
def test_implicit_privacy_markers_withhold_their_turn(turns, index):
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns(turns)[index]


@pytest.mark.parametrize("turns", KEPT_THREADS)
def test_look_alikes_of_privacy_markers_are_kept(turns):
    from fact_memory_graph.forgetting import withheld_turns
    assert not any(withheld_turns(turns))
