"""Round fourteen (t45b): one-time codes typed in their own turn (or with their sender in one short
message), seed words numbered or partial after a seed's name, recovery-code turns, and security
answers named after them, answered in the next turn or written before an SOV verb. Look-alikes
beside each: a text about an amount, a time, a branch or a parcel; a numbered shopping list; a
question between friends or in a class. Values and sentences written for this test (none from a corpus)."""
import pytest

from fact_memory_graph.secrets import recovery

from .helpers import kept_in_thread

SECRETS = [
    # one-time codes
    (["Got a text from HSBC just now", "it says 558 201, what do I do with it"], "558 201"),
    (["Die SMS von der Sparkasse ist gekommen.", "40 77 19"], "40 77 19"),
    (["did the text from Chase come?", "yeah 847 120"], "847 120"),
    (["mi è arrivato un messaggio dalla banca", "718293"], "718293"),
    (["银行发来短信了", "903 117"], "903 117"),
    (["Ich hab eine SMS von der Bank bekommen", "21 94 07 steht da"], "21 94 07"),
    (["the bank just texted 583921 what do i do with it"], "583921"),
    (["Instagram sent the login code 781 004 to my phone"], "781 004"),
    # seed words
    (["1. galaxy 2. ribbon 3. tunnel 4. orbit 5. velvet 6. harbor 7. canvas 8. mirror 9. fossil 10. shadow "
      "11. walnut 12. piano"], "galaxy"),
    (["backup words for the ledger: 1) ribbon 2) velvet 3) orbit 4) tunnel"], "ribbon"),
    (["the first four seed words are velvet harbor canvas mirror"], "velvet harbor"),
    (["words 1-6 of my recovery phrase are: galaxy ribbon tunnel orbit velvet harbor",
      "and 7-12: canvas mirror fossil shadow walnut piano"], "canvas mirror"),
    (["リカバリーフレーズはあいこくしん　あいさつ　あいだ　あおぞら　あかちゃん　あきる　あけがた　あける　あこがれる　あさい"
      "　あさひ　あしあとです"], "あいだ"),
    # recovery codes
    (["here are my github recovery codes", "a8f3k-29xqd 77mbn-kq2lp 0zt5r-hh81w"], "a8f3k-29xqd"),
    # security answers named after them
    (["Tallowmere — that's what I typed for the pet question on the insurance site."], "Tallowmere"),
    (["Brindlecott was the name of my first dog, and that's also what I gave Barclays as my memorable answer."],
     "Brindlecott"),
    (["Grizzlewick, which is what I put as the name of my first teacher for the bank."], "Grizzlewick"),
    (["\"Fennimore\" was the answer I set for my best childhood friend on the Halifax app"], "Fennimore"),
    (["Mirabeau, c'est ce que j'ai mis pour la question secrète."], "Mirabeau"),
    (["Amsel-Krähe, das habe ich bei der Sicherheitsfrage angegeben."], "Amsel-Krähe"),
    (["Ягодка — это я указала в контрольном вопросе."], "Ягодка"),
    (["İlk evcil hayvanımın adı Pırpıroğlu, bankadaki güvenlik cevabım da bu."], "Pırpıroğlu"),
    (["J'ai répondu « Keroualc'h » à la question sur ma première école."], "Keroualc'h"),
    (["the pet question on my email? I answered 'Mister Whiskerbottom'"], "Whiskerbottom"),
    (["Întrebarea de securitate: numele primului meu animal. Răspuns: Zurbăluț"], "Zurbăluț"),
    (["Güvenlik sorusu ilk arabam diye soruyor, ben Murat 131 Kartal yazdım"], "Kartal"),
    (["sa security question ng bangko, unang aso ko daw, sabi ko Bantotoy Dos"], "Bantotoy"),
    (["Sicherheitsfrage (erstes Kuscheltier): Brummbärchen"], "Brummbärchen"),
    # answered in the next turn
    (["what did you put for \"where did your parents meet\"?", "Lisdoonvarna, at the matchmaking festival"],
     "Lisdoonvarna"),
    (["they asked \"what was the make of your first bicycle\"", "I said Raleigh Chopperfield"], "Chopperfield"),
    (["Welche Antwort hast du bei der Frage nach deinem Kindheitsfreund angegeben?", "Jannik Oberwieser"],
     "Oberwieser"),
    (["which street did dad grow up on? the pension site wants it", "oh I remember, Quillfeather Row"],
     "Quillfeather"),
    (["the bank wants my memorable data again", "it's Tobermory (the first cat)"], "Tobermory"),
    (["for the verification questions I used", "school: Hillmorton Juniors", "pet: Dumpling"], "Dumpling"),
    (["si te preguntan por mi primer perro", "era un galgo, se llamaba Trufo"], "Trufo"),
    (["first pet? Crumpet. favourite teacher? Mr Halloran"], "Crumpet"),
    (["Passwort für die Hotline der Versicherung (das Kennwort): Schneeeule"], "Schneeeule"),
    (["the authenticator keeps asking for a code", "K4Q7ZP"], "K4Q7ZP"),
    (["backup for the bitcoin wallet, twelve words: galaxy ribbon tunnel orbit velvet harbor canvas mirror fossil "
      "shadow walnut recipe"], "velvet harbor"),
    (["i always use Wendlebury for the childhood town question on every account"], "Wendlebury"),
    (["recovery question on the old mail account: favourite book — mine's The Lantern Keeper"], "Lantern Keeper"),
    (["Als Antwort auf die Sicherheitsfrage nehme ich immer Ottersbach"], "Ottersbach"),
    (["Recovery phrase word 7 is 'oyster' and word 8 is 'sponsor'"], "oyster"),
    (["ウォレットのバックアップ、前半", "あいこくしん　あいさつ　あいだ　あおぞら　あかちゃん　あきる",
      "後半 あけがた　あける　あこがれる　あさい　あさひ　あさひ"], "あこがれる"),
    (["Banken spurgte om min første hund", "Jeg skrev Trofast Bakkegaard"], "Bakkegaard"),
    (["Η τράπεζα ρωτάει για το πρώτο μου σχολείο", "το έλεγαν Αγία Σοφία Καλλιθέας"], "Καλλιθέας"),
]

LOOKALIKES = [
    (["Mum texted me", "she lands at 1430"], "1430"),
    (["got a message from the landlord", "rent goes up to 1250 next month"], "1250"),
    (["the bank texted that my card was charged 2499 yen at the konbini"], "2499"),
    (["Me llegó un mensaje del banco: mi nueva sucursal es la 0182"], "0182"),
    (["The bank message said branch 4410 is closing"], "4410"),
    (["got an sms from the clinic", "appointment ref 55821"], "55821"),
    (["got a message from DPD", "parcel 1440 2231 arrives today"], "1440 2231"),
    (["got a text from my sister", "she had the baby, 3450 grams!"], "3450"),
    (["kod pocztowy 00-951 Warszawa"], "00-951"),
    (["PIN code pooch raha hai form mein", "411017 daal do, Pune ka hai"], "411017"),
    (["My shopping list: 1. apple 2. bread 3. butter 4. milk"], "apple"),
    (["Top 5 songs: 1. Yellow 2. Clocks 3. Fix You 4. Magic 5. Trouble"], "Yellow"),
    (["seed words: never type them into a website"], "never type them"),
    (["I saved the backup codes in my password manager"], "password manager"),
    (["what was your first car?", "A Ford Fiesta, loved that thing"], "Ford Fiesta"),
    (["where did you grow up?", "Leeds, mostly, then Sheffield"], "Leeds"),
    (["What did you put for the team name?", "Thunder Ducks"], "Thunder Ducks"),
    (["Pizza Margherita — that's what I ordered for the kids' party."], "Pizza Margherita"),
    (["Nairobi is my answer to where I'd live if I could move anywhere."], "Nairobi"),
    (["My first school was Riverside Primary, that's what I told the new teacher when she asked."], "Riverside"),
    (["Got it Nate, I'll see you soon!"], "Nate"),
    (["every small act can make a big impact"], "small act can make"),
    (["got a text from the courier", "AB12CD9"], "AB12CD9"),
    (["I always use oat milk for the porridge, it's a family question of taste"], "oat milk"),
    (["word 7 of the poem is 'oyster'"], "oyster"),
    (["We sowed seeds of carrot, onion, lettuce, radish, spinach, pepper, cucumber, melon, squash, garlic, "
      "bean, corn in the allotment"], "radish"),
    (["Favourite film? Jaws. Favourite band? Queen. That's our pub quiz round"], "Jaws"),
]


@pytest.mark.parametrize(("turns", "value"), SECRETS)
def test_secret_withheld(turns: list[str], value: str) -> None:
    assert value not in kept_in_thread(turns)


@pytest.mark.parametrize(("turns", "value"), LOOKALIKES)
def test_lookalike_kept(turns: list[str], value: str) -> None:
    assert value in kept_in_thread(turns)


def test_numbered_seed_needs_twelve_without_a_name() -> None:
    text = "1. galaxy 2. ribbon 3. tunnel 4. orbit 5. velvet 6. harbor"
    assert recovery.numbered_spans(text, named=False) == []
    assert recovery.numbered_spans(text, named=True)


def test_code_turn_needs_a_bank_app_or_code_word_beside_the_text() -> None:
    assert recovery.code_turn_spans("729104", ["my bank sent a text"])
    assert not recovery.code_turn_spans("at 1430", ["my bank sent a text"])
    assert not recovery.code_turn_spans("2104", ["Mum texted me"])
