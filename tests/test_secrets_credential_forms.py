"""Round 13 (q45g): credentials after a break, dotted PINs, lists of "user / password" pairs.
Sentences and values written for this file."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns

SECRETS = [
    (["the password? its kittenfluff_31"], "kittenfluff_31"),
    (["mein WLAN Passwort... es ist Blaumeise-Kiel-19"], "Blaumeise-Kiel-19"),
    (["mot de passe du wifi ? c'est Tournesol_44"], "Tournesol_44"),
    (["la contraseña del router... es Pulpo#2211"], "Pulpo#2211"),
    (["pin: 5.8.1.3"], "5.8.1.3"),
    (["my card pin is 6.0.2.9 don't tell"], "6.0.2.9"),
    (["accounts: Netflix - dani.r / Pelicula88; Spotify - dani.r / musica#5x; router - admin / Zx9pq!mm"],
     "musica#5x"),
    (["the accounts: Netflix - dani.r / Pelicula88; Spotify - dani.r / musica#5x; router - admin / Zx9pq!mm"],
     "Zx9pq!mm"),
    (["Usuario del portal de la escuela: marta_gz / clave: Lapiz#2020"], "marta_gz"),
    (["Логин в банке: petrov_a, пароль Zima2020!"], "petrov_a"),
    (["משתמש dana_k סיסמה Shemesh!77"], "dana_k"),
    (["u: gran.ma1950  p: Roses&Tea!"], "Roses&Tea!"),
    (["u: gran.ma1950  p: Roses&Tea!"], "gran.ma1950"),
    (["Mein Passwort für ebay?", "ach so, es ist Dackel-Waldi-88, hab es vergessen"], "Dackel-Waldi-88"),
    (["what's the password for the nas?", "oh right, its Kiwi_Tree_41"], "Kiwi_Tree_41"),
    (["Mật khẩu máy tính ở văn phòng của chị là Cafe_Sua_88"], "Cafe_Sua_88"),
    (["পাসওয়ার্ড হলো Ilish2021"], "Ilish2021"),
    (["the memorable info on my santander account is bluebell"], "bluebell"),
    (["mot mémorable de ma banque : papillon"], "papillon"),
    (["mã pin thẻ 5.5.2.0"], "5.5.2.0"),
    (["PIN: 8·1·5·2"], "8·1·5·2"),
    (["kalimat el ser beta3 el wifi: Nile2024!x"], "Nile2024!x"),
    (["mera instagram ka paasvard hai Tota@2019"], "Tota@2019"),
    (["ramz oboor wifi: Gorbe_1401"], "Gorbe_1401"),
    (["sorry its not bluefox_91, its blu3fox_91"], "blu3fox_91"),
    (["das Passwort? nicht Elbe2020x, sondern Elbe2021x"], "Elbe2021x"),
    (["log into my yahoo, sara.k@yahoo.com, Maus4711"], "Maus4711"),
    (["log into my yahoo, sara.k@yahoo.com, Maus4711"], "sara.k@yahoo.com"),
    (["accounts: Netflix - dani.r / Pelicula88; Spotify - dani.r / musica#5x"], "dani.r"),
    (["Mum can't open her bank app. username is helga_m_1957", "password Fjord!cat42 she says"],
     "helga_m_1957"),
    (["tên đăng nhập: tranthibinh61", "mật khẩu Binh@1961hue"], "tranthibinh61"),
    (["یوزر نیم: tariq_1960 اور پاس ورڈ Lahore#60"], "tariq_1960"),
    (["mk facebook của em là Meo_Con#12"], "Meo_Con#12"),
    (["pw ni Kahawa_77"], "Kahawa_77"),
]

LOOKALIKES = [
    ["my IG is cool_guy99"],
    ["my username on reddit is cool_guy99", "what do you think of my posts?"],
    ["username is ronald_k_1949", "I forgot the password, how do I reset it?"],
    ["my password manager is Keeper2 and it syncs"],
    ["email me at sara.k@yahoo.com, Thanks2024"],
    ["router admin, Netgear7000 model"],
    ["log in with the router admin, Netgear7000 is the model"],
    ["the flight is not LH2024, its LH2042"],
    ["the model is not XR2000, its XR3000 pro"],
    ["Barclays asked for my memorable word again today"],
    ["version 1.2.3.4 of the card reader"],
    ["Mật khẩu wifi của quán là gì vậy?"],
    ["the password for the shared drive is the same as last year"],
    ["what's the password for the nas?", "oh right, its in the drawer with the manual"],
    ["my login works, only the password reset mail never came"],
    ["u: 3 p: 4 in the table of results"],
    ["the password? I keep it in Bitwarden"],
    ["router admin page is at 192.168.0.1 / login with the sticker password"],
    ["my netflix plan is 4K/UHD now"],
    ["version 2.4.1.7 of the pin pad firmware"],
    ["the wifi password... it's on the wall by the counter"],
    ["Netflix and/or Spotify, about 20/month"],
]


@pytest.mark.parametrize(("turns", "needle"), SECRETS)
def test_value_is_withheld(turns: list[str], needle: str) -> None:
    assert needle not in " ".join(redact_turns(turns))


@pytest.mark.parametrize("turns", LOOKALIKES)
def test_lookalike_is_kept(turns: list[str]) -> None:
    assert redact_turns(turns) == turns
