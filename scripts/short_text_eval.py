#!/usr/bin/env python3
"""Short text with the symbols its writers type (issue 18, session 36): notices, menus, prices
and addresses of one or two lines, written here, in the legacy encodings their languages use.
Text like this carries few letters and many signs: bullets, arrows and stars from the symbol
rows of the East Asian character sets (`★ ○ → ※ ① ㈜`), `№` in Cyrillic, Vietnamese tones as
the combining marks windows-1258 writes, typographic quotes, dashes and currency signs.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's"
(as scripts/encoding_eval.py does), per group, and lists the misses; with `--others`,
chardet and charset-normalizer beside it (their Python APIs, when importable).

  scripts/short_text_eval.py [--bin target/release/delineate] [--others] [--keep DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import unicodedata
import json

sys.path.insert(0, os.path.dirname(__file__))
from encoding_eval import decode  # noqa: E402
from make_encoding_devset import PY  # noqa: E402

# (group, language, texts, Python codecs). A character a code page lacks is written as its
# writers would: typographic quotes and dashes as ASCII, the euro as EUR.
TEXTS = [
    ("cjk", "ja", ["【お知らせ】山田商事 ℡ 03-1234-5678\n", "♪今日のおすすめ♪ 特製ラーメン ７５０円\n",
                   "「東京駅」から徒歩５分です。詳しくは地図をご覧ください。\n",
                   "※ 商品の価格は税込みです。■ 送料無料 ▲ 在庫わずか\n",
                   "★ 本日のおすすめ ★\n○ 焼き魚定食 → 800円\n● カレーライス → 700円\n"],
     ["shift_jis", "euc_jp", "cp932"]),
    ("cjk", "ja-nec", ["①受付 ②面接 ③結果通知（約１週間）\n", "【お知らせ】㈱山田商事 ℡ 03-1234-5678\n"],
     ["cp932"]),
    ("cjk", "zh", ["【通知】本周六上午九点开会，请准时参加。\n", "①报名 ②面试 ③录取（约一周）\n",
                   "※ 价格含税 ■ 包邮 ▲ 库存紧张\n", "「北京站」步行五分钟即可到达。\n",
                   "★ 今日推荐 ★\n○ 红烧肉 → 38元\n● 麻婆豆腐 → 18元\n"],
     ["gbk", "gb18030"]),
    ("cjk", "zh-tw", ["【通知】本週六上午九點開會，請準時參加。\n", "※ 價格含稅 ■ 免運費 ▲ 庫存緊張\n",
                      "★ 今日推薦 ★\n○ 紅燒肉 → 38元\n● 麻婆豆腐 → 18元\n"],
     ["big5"]),
    ("cjk", "ko", ["【공지】이번 주 토요일 오전 9시에 회의가 있습니다.\n", "① 신청 ② 면접 ③ 합격 발표 (약 1주일)\n",
                   "㈜한국상사 ☎ 02-123-4567\n", "「서울역」에서 걸어서 5분 걸립니다.\n",
                   "★ 오늘의 추천 메뉴 ★\n○ 김치찌개 → 7,000원\n● 비빔밥 → 8,000원\n"],
     ["euc_kr", "cp949"]),
    ("cyrillic", "ru", ["Дом № 5, квартира № 12. Телефон: 123-45-67.\n", "Школа № 3 города Москвы\n",
                        "Протокол № 8 заседания кафедры\n", "Маршрут № 42 ходит каждые 15 минут.\n",
                        "Заявка № 17: ремонт крыши, подъезд № 2.\n",
                        "«Доброе утро» — увидимся во вторник в 18:00.\n"],
     ["cp1251", "cp866", "mac_cyrillic", "iso8859_5", "koi8_r"]),
    ("cyrillic", "uk", ["Наказ № 15 від 3 травня 2024 року\n", "«Доброго ранку» – побачимося у вівторок.\n"],
     ["cp1251", "koi8_u"]),
    ("cyrillic", "bg", ["„Добро утро“ – ще се видим във вторник в 18 ч.\n", "Цена: 25 лв. – доставка до 3 дни.\n"],
     ["cp1251", "iso8859_5"]),
    ("vietnamese", "vi", ["Chào buổi sáng – hẹn gặp lại vào thứ Ba lúc 18 giờ.\n",
                          "Giá: 250.000 ₫ – giao hàng miễn phí trong 3 ngày.\n",
                          "Tôi đang học tiếng Việt ở Hà Nội.\n",
                          "Người dân thành phố Hồ Chí Minh rất thân thiện.\n"],
     ["cp1258"]),
    ("european", "de", ["„Schöne Grüße“ – wir sehen uns am Dienstag um 18 Uhr.\n",
                        "Preis: 12,50 € (inkl. 19 % MwSt.) – Lieferung in 3–5 Tagen…\n"],
     ["cp1252", "iso8859_15", "mac_roman"]),
    ("european", "fr", ["« Bonne année ! » – à bientôt, chère Élodie…\n",
                        "L’équipe a gagné 3–1 ; c’était très serré.\n"],
     ["cp1252", "iso8859_15", "mac_roman"]),
    ("european", "pl", ["„Zażółć gęślą jaźń” – napisał Łukasz o 15:30.\n",
                        "Cena: 25 zł – dostawa w ciągu 2–3 dni roboczych.\n"],
     ["cp1250", "iso8859_2"]),
    ("european", "cs", ["Cena: 250 Kč – doprava zdarma při objednávce nad 1000 Kč.\n"], ["cp1250", "iso8859_2"]),
    ("european", "hu", ["„Kérjük, a következő héten jöjjön be” – írta Ödön.\n",
                        "Üdvözöljük! A nyitvatartás hétfőtől péntekig 8–16 óráig tart.\n"],
     ["cp1250", "iso8859_2"]),
    ("european", "el", ["«Καλημέρα σας» – θα τα πούμε την Τρίτη στις 18:00.\n",
                        "Τιμή: 12,50 € (με ΦΠΑ) – παράδοση σε 3 ημέρες.\n"],
     ["cp1253", "iso8859_7"]),
    ("european", "tr", ["“Günaydın” – yarın saat 10’da görüşelim mi?\n"], ["cp1254"]),
    ("european", "lt", ["Kaina: 25 € – pristatymas per 2–3 darbo dienas.\n"], ["cp1257"]),
    ("european", "lv", ["„Labrīt“ – tiksimies otrdien pulksten 18.\n"], ["cp1257", "iso8859_13"]),
    ("middle-east", "he", ["מחיר: 45 ₪ – משלוח חינם בהזמנה מעל 200 ₪.\n"], ["cp1255"]),
    ("middle-east", "ar", ["«مرحبا بكم» – نلتقي يوم الثلاثاء في الساعة السادسة.\n"], ["cp1256", "iso8859_6"]),
    ("middle-east", "fa", ["قیمت: 250 هزار تومان – ارسال رایگان.\n", "کتابخانه ملی ایران در تهران است.\n"],
     ["cp1256"]),
    ("thai", "th", ["ราคา: 250 ฿ – จัดส่งฟรีภายใน 3 วัน\n"], ["cp874"]),
]

# Python codec → the WHATWG name `inspect` reports for it (for the misses' list).
WHATWG = {codec: name for name, codec in PY.items()}

ASCII_FOR = {"„": '"', "“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "...",
             "€": "EUR", "«": '"', "»": '"', "₫": "d"}


def for_1258(text):
    """Vietnamese as windows-1258 writes it: a precomposed letter where the code page has it,
    else a letter it has and the tone as a combining mark."""
    out = ""
    for ch in unicodedata.normalize("NFC", text):
        try:
            ch.encode("cp1258")
            out += ch
            continue
        except UnicodeEncodeError:
            pass
        d = unicodedata.normalize("NFD", ch)
        for m in d[1:]:
            base = unicodedata.normalize("NFC", d[0] + "".join(x for x in d[1:] if x != m))
            try:
                (base + m).encode("cp1258")
                out += base + m
                break
            except UnicodeEncodeError:
                continue
    return out


def encode(text, codec, lang):
    """`text` in `codec` as its writers would type it; None when the code page cannot."""
    if codec == "cp1258":
        text = for_1258(text)
    if lang == "fa" and codec == "cp1256":
        text = text.replace("ی", "ي")
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        pass
    for a, b in ASCII_FOR.items():
        text = text.replace(a, b)
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/delineate")
    ap.add_argument("--others", action="store_true")
    ap.add_argument("--keep", help="write the files here instead of a temporary folder")
    args = ap.parse_args()
    out = args.keep or tempfile.mkdtemp(prefix="short-text-")
    os.makedirs(out, exist_ok=True)
    cases = []
    for group, lang, texts, codecs_ in TEXTS:
        for i, t in enumerate(texts):
            for c in codecs_:
                b = encode(t, c, lang)
                if b is None or all(x < 0x80 for x in b):
                    continue
                name = f"{group}-{lang}-{i}-{c}.txt"
                with open(os.path.join(out, name), "wb") as f:
                    f.write(b)
                cases.append((group, name, c, b))
    paths = [os.path.join(out, n) for _, n, _, _ in cases]
    lines = subprocess.run([args.bin, "inspect", "--json"] + paths, capture_output=True, text=True).stdout.splitlines()
    others = {}
    if args.others:
        try:
            import chardet
            others["chardet"] = lambda b: chardet.detect(b)["encoding"]
        except ImportError:
            pass
        try:
            import charset_normalizer
            others["charset-normalizer"] = lambda b: (lambda r: r.encoding if r else None)(charset_normalizer.from_bytes(b).best())
        except ImportError:
            pass
    score = {}
    misses = []
    for (group, name, c, b), line in zip(cases, lines):
        truth = b.decode(c)
        likely = json.loads(line)["likely"]
        answers = {"likely": (likely["name"], likely["confidence"])}
        for k, f in others.items():
            answers[k] = (f(b), None)
        for who, (label, conf) in answers.items():
            ok = decode(b, label) == truth if label else False
            s = score.setdefault((who, group), [0, 0])
            s[0] += ok
            s[1] += 1
            if who == "likely" and not ok:
                misses.append(f"   {name}: {label} at {conf:.2f} (truth {WHATWG.get(c, c)})")
    who_all = ["likely"] + list(others)
    groups = sorted({g for _, g in score})
    print(f"{len(cases)} short texts in {out}")
    print(f"{'group':12s}" + "".join(f"{w:>20s}" for w in who_all))
    for g in groups + ["all"]:
        row = f"{g:12s}"
        for w in who_all:
            if g == "all":
                ok = sum(v[0] for (x, _), v in score.items() if x == w)
                n = sum(v[1] for (x, _), v in score.items() if x == w)
            else:
                ok, n = score[(w, g)]
            row += f"{f'{ok}/{n} {100 * ok / n:.1f} %':>20s}"
        print(row)
    if misses:
        print("likely's misses:")
        print("\n".join(misses))


if __name__ == "__main__":
    main()
