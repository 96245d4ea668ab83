#!/usr/bin/env python3
"""Writes the demo corpus under assets/demo/ (issue 22), byte for byte the same on every run.

`delineate demo` opens the explorer on it. It is a small corpus of about 120 documents in five
sources, all of them written or generated here (no text is copied from anywhere), in which every
finding the explorer can show occurs, at about the rate real collections show it:

  newswire/  wire stories in plain text that carry `&lt;` and `&amp;` as the Reuters collection
             does (`&lt;Harlow Mills Inc>`), so `lt` and `amp` rank among the top terms,
             flagged entity-residue; two stories carry a stray Latin-1 byte.
  crawl/     HTML pages with navigation boilerplate and `&amp;nbsp;` residue; one whose <meta>
             lies (UTF-8 declared ISO-8859-1), one in Hungarian windows-1250, one in
             x-mac-cyrillic, one in Shift_JIS, one in windows-1252 with no declaration.
  mail/      an mbox of list mail: RFC 2047 subjects, a windows-1251 part, a quoted-printable
             Latin-1 part, an HTML alternative, attachments; and three single messages.
  office/    DOCX files (one made from a template whose author is not the writer), an ODT, a
             PDF with ligature glyphs, running headers, page numbers and words hyphenated at
             line ends, and a scanned PDF page with no text layer.
  legacy/    UTF-16 without a byte order mark, mojibake once and twice, Latin-1 read as UTF-8,
             mixed NFC/NFD, Trojan-source bidi controls in a source file, invisible characters,
             KOI8-R and windows-1253 text without a declaration, Chinese in 7-bit HZ, truncated UTF-8.

Only the standard library is used, ZIP members are stored (not deflated: zlib versions differ)
with fixed dates, and the random choices come from a fixed seed, so the output depends on
nothing but this file. tests/cli.rs checks that a fresh run reproduces assets/demo exactly.

  python3 scripts/make_demo_corpus.py [OUT_DIR]     (default: assets/demo)
"""
import io
import os
import random
import sys
import unicodedata
import zipfile

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'assets', 'demo')
FILES = {}


def put(path, data):
    if isinstance(data, str):
        data = data.encode('utf-8')
    assert path not in FILES, path
    FILES[path] = data


rng = random.Random(22)

# ---------------------------------------------------------------- newswire
COMPANIES = ['Harlow Mills Inc', 'Northgate Freight Corp', 'Barrow &amp; Lyle Co', 'Pellam Oil Ltd',
             'Corrigan Steel Inc', 'Westmark Bancorp', 'Tallis &amp; Ford Inc', 'Ardent Foods Corp',
             'Kestrel Mining Ltd', 'Ouseley Chemical Co', 'Marlowe Textiles Inc', 'Fenwick Airlines Corp',
             'Greyfield Paper Co', 'Dunmore &amp; Sons Ltd', 'Lindqvist Shipping AB', 'Halvorsen Timber A/S']
CITIES = ['NEW YORK', 'CHICAGO', 'HOUSTON', 'LONDON', 'TORONTO', 'SYDNEY', 'DETROIT', 'BOSTON', 'PITTSBURGH']
MONTHS = ['March', 'April', 'May', 'June']
COMMODITIES = [('cocoa', 'tonnes', 'London'), ('coffee', 'bags', 'New York'), ('sugar', 'tonnes', 'London'),
               ('copper', 'tonnes', 'the London Metal Exchange'), ('wheat', 'bushels', 'Chicago'),
               ('soybeans', 'bushels', 'Chicago'), ('crude oil', 'barrels', 'New York')]


def money():
    return '%d.%d' % (rng.randint(1, 480), rng.randint(0, 9))


def earnings(co):
    up = rng.random() < 0.6
    q = rng.choice(['first quarter', 'second quarter', 'third quarter', 'full year'])
    a, b = rng.randint(5, 190), rng.randint(5, 190)
    return (f"&lt;{co}> said {q} net profit {'rose' if up else 'fell'} to {money()} mln dlrs, "
            f"or {a} cts a share, from {money()} mln dlrs, or {b} cts, a year earlier.\n"
            f"    Revenues were {money()} mln dlrs against {money()} mln. The company said "
            f"{rng.choice(['lower costs', 'higher prices', 'a weaker dollar', 'strong export demand', 'cost cuts at its plants'])} "
            f"{'helped' if up else 'did not offset'} results, and that it expects "
            f"{rng.choice(['steady', 'improved', 'flat', 'lower'])} earnings in the current quarter.\n"

            + (f"    Standard &amp; Poor's Corp said it {rng.choice(['affirmed', 'raised', 'lowered', 'placed on review'])} "
               f"the company's debt rating after the results.\n" if rng.random() < 0.85 else '')
            + f"    Shr {a} cts vs {b} cts\n    Net {money()} mln vs {money()} mln\n")


def acquisition(co):
    other = rng.choice([c for c in COMPANIES if c != co])
    return (f"&lt;{co}> said it agreed to acquire &lt;{other}> for about {money()} mln dlrs in cash "
            f"and stock, subject to approval by {other.split()[0]} shareholders.\n"
            f"    The company said the purchase would add to earnings in the first full year and that "
            f"it had arranged bank financing for the cash portion of the offer.\n"
            f"    {other.split()[0]} officials were not immediately available for comment. "
            f"Analysts said the price was about {rng.randint(9, 22)} times expected earnings.\n"
            f"    {rng.choice(['Goldman, Sachs &amp; Co', 'Morgan Stanley &amp; Co', 'Salomon Brothers &amp; Co', 'Kidder, Peabody &amp; Co'])} "
            f"advised {co.split()[0]} on the transaction.\n")


def commodity(co):
    name, unit, market = rng.choice(COMMODITIES)
    move = rng.choice(['rose', 'fell', 'were steady'])
    return (f"{name.capitalize()} prices {move} on {market} as traders weighed reports of "
            f"{rng.choice(['dry weather', 'heavy rains', 'a dock strike', 'lower stocks', 'large shipments'])} "
            f"in the main producing areas, dealers said.\n"
            f"    &lt;{co}> estimated that output would reach {rng.randint(2, 90)} mln {unit} this season, "
            f"against {rng.randint(2, 90)} mln {unit} last season.\n"
            f"    {rng.choice(['Merrill Lynch &amp; Co', 'Shearson Lehman', 'Drexel Burnham', 'Smith Barney &amp; Co'])} analysts said &lt;{co}> "
            f"and other growers had sold forward much of the crop.\n"
            f"    Dealers said trade buying was light and that most houses expected prices to stay in "
            f"a narrow range until the next crop report.\n")


def economy(_co):
    return (f"The central bank said it left its discount rate unchanged at {rng.randint(3, 9)}.{rng.choice([0, 25, 5, 75])} pct, "
            f"citing {rng.choice(['stable prices', 'slower growth', 'a firmer currency', 'weak lending'])}.\n"
            f"    Money supply grew {rng.randint(2, 12)}.{rng.randint(0, 9)} pct in the year to "
            f"{rng.choice(MONTHS)}, within the target range, the bank said in a statement.\n"
            f"    Economists said they expected no change in policy before the budget. Bond prices "
            f"{rng.choice(['rose', 'eased', 'were little changed'])}, traders at "
            f"{rng.choice(['Salomon Brothers &amp; Co', 'Goldman, Sachs &amp; Co', 'Merrill Lynch &amp; Co'])} said.\n")


KINDS = [earnings, earnings, acquisition, commodity, economy]
for i in range(1, 61):
    co = rng.choice(COMPANIES)
    kind = rng.choice(KINDS)
    title = {earnings: f"{co.split()[0].upper()} REPORTS RESULTS",
             acquisition: f"{co.split()[0].upper()} TO ACQUIRE RIVAL",
             commodity: 'COMMODITY MARKETS REVIEW',
             economy: 'CENTRAL BANK HOLDS RATE'}[kind].replace('&AMP;', '&amp;')
    body = kind(co)
    if kind is economy and rng.random() < 0.5:
        body += f"    &lt;{co}> and other exporters welcomed the decision.\n"
    story = f"{title}\n\n{rng.choice(CITIES)}, {rng.choice(MONTHS)} {rng.randint(1, 28)} - {body} Reuter\n"
    data = story.encode('ascii')
    if i in (17, 44):
        # The stray byte of a feed that once went through Latin-1 (Reuters NEWID 17980 has one).
        data = data.replace(b'said', b'said\xfc', 1)
    put(f'newswire/story-{i:03d}.txt', data)

# ---------------------------------------------------------------- crawl
NAV = ('<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a>'
       '</li><li><a href="/events">Events</a></li><li><a href="/contact">Contact</a></li></ul></nav>\n')
FOOT = ('<footer><a href="/privacy">Privacy</a> | <a href="/cookies">Cookies</a> | <a href="/terms">Terms</a> | '
        '<a href="/sitemap">Sitemap</a> &copy; 2026 Riverton Courier</footer>\n')
LOCAL = [
    ('Library extends opening hours', 'The town library will stay open until nine in the evening from next month. The new reading room has desks with power sockets, and students say they have waited years for it.'),
    ('Market square repaving begins', 'Work on the market square starts on Monday. Stalls will move to the car park behind the town hall for six weeks, and the council promises the cobbles will be back before the summer fair.'),
    ('River path reopens after floods', 'The river path between the mill and the weir has reopened after the winter floods. Volunteers cleared fallen trees and rebuilt two footbridges over three weekends.'),
    ('School choir wins regional prize', 'The choir of Riverton primary school won first prize at the regional festival with a programme of folk songs. The children will sing at the town hall on Friday.'),
    ('Bus timetable changes in April', 'Route 4 will run every twenty minutes instead of every half hour from April. The evening service to the hospital is extended until eleven.'),
    ('Bakery celebrates fifty years', 'The family bakery on Bridge Street celebrates fifty years this week. The founder still comes in at five every morning to start the first batch of bread.'),
    ('Council approves new cycle lanes', 'Councillors approved two new cycle lanes on the ring road after a long debate. Shop owners worry about parking; cyclists say the lanes are overdue.'),
    ('Museum opens textile gallery', 'The town museum opened a gallery on the history of the weaving mills, with looms, pattern books and letters from the workers who ran them.'),
    ('Allotment waiting list grows', 'More than two hundred people are waiting for an allotment. The council is looking at land near the old railway line for forty new plots.'),
    ('Swimming pool closes for repairs', 'The public pool closes for three months while the roof is replaced. Swimmers can use the leisure centre in the next town at the same price.'),
    ('Farmers market moves to Saturdays', 'The monthly farmers market moves from Sundays to Saturdays after traders asked for a busier day. Honey, cheese and bread sellers have already signed up.'),
    ('Fire station holds open day', 'Families toured the fire station on Saturday, tried on helmets and watched a rescue drill. The crew also showed how to check a smoke alarm.'),
    ('Theatre restoration finished', 'The old theatre reopens after two years of restoration. Painters copied the original ceiling from photographs taken before the fire of 1962.'),
    ('Hospital car park charges scrapped', 'Parking at the hospital will be free for patients and visitors from next month, after a petition signed by four thousand people.'),
    ('New footbridge named after nurse', 'The new footbridge over the canal will be named after a district nurse who worked in the town for forty years, residents voted.'),
    ('Winter shelter needs volunteers', 'The winter night shelter needs more volunteers for the late shift. Training takes one evening, and the organisers provide meals for helpers.'),
]
for i, (title, text) in enumerate(LOCAL, 1):
    paras = [text]
    paras.append(rng.choice([
        'Residents can send comments to the council until the end of the month.',
        'More details are on the notice board at the town hall.',
        'The Courier will follow the story in next week&apos;s edition.',
        'Readers can share their photos with the newsroom by email.',
    ]))
    body = ''.join(f'<p>{p}</p>\n' for p in paras)
    if i % 3 == 0:
        # A content system that escaped its own entities: `&amp;nbsp;` shows as `&nbsp;`.
        body = body.replace('. ', '.&amp;nbsp; ', 1)
    if i % 4 == 1:
        body += '<p>Tags: council &amp;amp; community, local&amp;nbsp;news</p>\n'
    page = (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title} | Riverton Courier</title>\n'
            f'<script>var ads = "<div>advert</div>";</script>\n</head>\n<body>\n{NAV}<article>\n<h1>{title}</h1>\n{body}</article>\n{FOOT}</body>\n</html>\n')
    put(f'crawl/courier-{i:02d}.html', page)

# A page whose <meta> lies: UTF-8 bytes declared ISO-8859-1 (the old demo file, kept).
put('crawl/meta-lies.html', '<!DOCTYPE html>\n<html lang="fr">\n<head>\n<meta charset="iso-8859-1">\n<title>Curriculum</title>\n</head>\n<body>\n<p>Mon résumé : café, naïve, déjà vu, crème brûlée, élève, Noël.</p>\n</body>\n</html>\n')
def declared_page(opening, charset, title, heading, text, codec):
    """A page in a legacy encoding that declares it with <meta http-equiv>."""
    return (f'{opening}\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset={charset}">\n'
            f'<title>{title}</title>\n</head>\n<body>\n<h1>{heading}</h1>\n<p>{text}</p>\n</body>\n</html>\n').encode(codec)


HU = ('A városi könyvtár jövő hónaptól hosszabb nyitvatartással várja az olvasókat. Az új olvasóteremben '
      'őszi előadássorozat indul, a gyerekeknek külön foglalkozásokat szerveznek. A gyűjtemény több mint '
      'ötvenezer kötetet számlál, a felújítás költségét részben pályázati forrásból fedezték.')
put('crawl/konyvtar-hu.html', declared_page('<!DOCTYPE html>\n<html lang="hu">', 'windows-1250', 'Könyvtári hírek',
                                            'Hosszabb nyitvatartás', HU, 'cp1250'))
RU = ('Городская библиотека с будущего месяца продлевает часы работы. В новом читальном зале поставили '
      'столы с розетками, и студенты смогут работать с книгами до позднего вечера. Ремонт частично '
      'оплачен из областного бюджета.')
put('crawl/biblioteka-ru.html', declared_page('<html>', 'x-mac-cyrillic', 'Новости библиотеки', 'Новые часы работы',
                                              RU, 'mac_cyrillic'))
JA = ('市立図書館は来月から開館時間を延長すると発表しました。新しい閲覧室には電源付きの机が並び、'
      '学生や研究者が夜遅くまで資料を読むことができます。改修費用の一部は県の補助金でまかなわれました。')
put('crawl/toshokan-ja.html', declared_page('<html lang="ja">', 'Shift_JIS', '図書館のお知らせ', '開館時間の延長', JA,
                                             'shift_jis'))
FR = ('La médiathèque prolonge ses horaires à partir du mois prochain. Les élèves pourront travailler '
      'jusqu’à vingt et une heures dans la nouvelle salle de lecture, équipée de prises électriques. '
      '« C’est une très bonne nouvelle », a déclaré la directrice.')
put('crawl/mediatheque-fr.html', ('<html>\n<head>\n<title>Médiathèque : nouveaux horaires</title>\n</head>\n<body>\n'
                                  f'<p>{FR}</p>\n</body>\n</html>\n').encode('cp1252'))
DE = ('Die Stadtbibliothek verlängert ab nächstem Monat ihre Öffnungszeiten. Im neuen Lesesaal stehen '
      'Tische mit Steckdosen, und Schülerinnen und Schüler können bis in den späten Abend arbeiten. '
      'Die Renovierung wurde zum Teil aus Fördermitteln des Landes bezahlt.')
put('crawl/bibliothek-de.html', f'<!DOCTYPE html>\n<html lang="de">\n<head>\n<meta charset="utf-8">\n<title>Stadtbibliothek</title>\n</head>\n<body>\n{NAV}<p>{DE}</p>\n{FOOT}</body>\n</html>\n')
ES = ('La biblioteca municipal ampliará su horario a partir del próximo mes. En la nueva sala de lectura '
      'hay mesas con enchufes, y los estudiantes podrán trabajar hasta la noche. La reforma se pagó en '
      'parte con fondos de la región.')
put('crawl/biblioteca-es.html', f'<!DOCTYPE html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n<title>Biblioteca municipal</title>\n</head>\n<body>\n<p>{ES}</p>\n</body>\n</html>\n')
PT = ('A biblioteca da cidade vai alargar o horário a partir do próximo mês. Na nova sala de leitura há '
      'mesas com tomadas, e os estudantes poderão trabalhar até à noite. As obras foram pagas em parte '
      'com verbas da região, disse a vereadora da cultura.')
put('crawl/biblioteca-pt.html', f'<!DOCTYPE html>\n<html lang="pt">\n<head>\n<meta charset="utf-8">\n<title>Biblioteca</title>\n</head>\n<body>\n<p>{PT}</p>\n</body>\n</html>\n')

# ---------------------------------------------------------------- mail
def qp(s, charset):
    out, line = [], ''
    for b in s.encode(charset):
        c = chr(b)
        if b == 10:
            out.append(line + '\n'); line = ''; continue
        tok = c if (33 <= b <= 126 and c != '=') or b == 32 else '=%02X' % b
        if len(line) + len(tok) > 73:
            out.append(line + '=\n'); line = ''
        line += tok
    return ''.join(out) + line


def b64(data, width=76):
    import base64
    s = base64.b64encode(data).decode('ascii')
    return '\n'.join(s[i:i + width] for i in range(0, len(s), width)) + '\n'


def rfc2047(s, charset='utf-8', enc='B'):
    import base64
    if enc == 'B':
        return '=?%s?B?%s?=' % (charset, base64.b64encode(s.encode(charset)).decode('ascii'))
    return '=?%s?Q?%s?=' % (charset, ''.join(c if c.isascii() and c.isalnum() else ('_' if c == ' ' else ''.join('=%02X' % b for b in c.encode(charset))) for c in s))


PEOPLE = ['Ana Ribeiro <ana@riverton.example>', 'Tom Hale <tom@riverton.example>', 'Marta Nowak <marta@riverton.example>',
          'Jonas Berg <jonas@riverton.example>', 'Élodie Martin <elodie@riverton.example>']
TOPICS = ['the index rebuild', 'the crawler schedule', 'the spring budget', 'the search relevance review',
          'the archive migration', 'the stop word list', 'the new tokenizer']
msgs = []
for i in range(1, 19):
    frm = rng.choice(PEOPLE)
    topic = rng.choice(TOPICS)
    subj = f'Re: notes on {topic}'
    body = (f'Hi all,\n\nhere are my notes on {topic}. We agreed to run it again on Thursday and to '
            f'compare the results with last week.\nPlease send corrections before the meeting.\n\n'
            f'> Did anyone check the logs from {rng.choice(MONTHS)}?\n> I saw errors in the night run.\n\n'
            f'{frm.split()[0]}\n')
    hdr = f'From {frm.split("<")[1].rstrip(">")} Mon Nov {i:02d} 09:{i:02d}:00 2026\n'
    fromh = frm if frm.isascii() else rfc2047(frm.split(' <')[0], 'iso-8859-1', 'Q') + ' <' + frm.split('<')[1]
    if i == 3:
        subj = rfc2047('Résumé des réunions de novembre', 'utf-8', 'B')
    if i == 7:
        subj = rfc2047('Übersicht für Donnerstag', 'iso-8859-1', 'Q')
    head = f'{hdr}From: {fromh}\nTo: search-team@riverton.example\nSubject: {subj}\nDate: Mon, {i:02d} Nov 2026 09:{i:02d}:00 +0100\nMessage-ID: <{i}@riverton.example>\nMIME-Version: 1.0\n'
    if i == 5:
        ru = ('Добрый день!\n\nВысылаю отчёт за третий квартал. Продажи выросли на двенадцать процентов, '
              'особенно в северном регионе.\nПрошу посмотреть таблицу до пятницы.\n\nМарта\n')
        msgs.append(head.replace(f'Subject: {subj}', 'Subject: ' + rfc2047('Отчёт за квартал', 'windows-1251', 'B')) +
                    'Content-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: 8bit\n\n' + ru)
        continue
    if i == 7:
        de = ('Sehr geehrte Damen und Herren,\n\nanbei die Übersicht für die Sitzung am Donnerstag. Die Brücke '
              'über den Mühlbach wird ab März gesperrt; die Umleitung führt über die Ringstraße.\n\nMit freundlichen Grüßen\nJonas\n')
        msgs.append(head + 'Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n' + qp(de, 'iso-8859-1'))
        continue
    if i == 11:
        csv = 'query,clicks,zero_results\nlibrary hours,412,0\nbus timetable,388,0\ncafe menu,97,31\n'
        msgs.append(head + 'Content-Type: multipart/mixed; boundary="b11"\n\n--b11\nContent-Type: text/plain; charset=utf-8\n\n' + body +
                    '\n--b11\nContent-Type: text/csv; name="queries.csv"\nContent-Disposition: attachment; filename="queries.csv"\nContent-Transfer-Encoding: base64\n\n' +
                    b64(csv.encode('utf-8')) + '--b11--\n')
        continue
    if i == 14:
        html = f'<html><body><p>Hi all,</p><p>the report on <b>{topic}</b> is ready&nbsp;&ndash; see the attachment.</p></body></html>'
        msgs.append(head + 'Content-Type: multipart/alternative; boundary="b14"\n\n--b14\nContent-Type: text/plain; charset=utf-8\n\n' + body +
                    '\n--b14\nContent-Type: text/html; charset=utf-8\n\n' + html + '\n--b14--\n')
        continue
    msgs.append(head + 'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n' + body.replace('\nFrom ', '\n>From '))
# Each message in its own charset: the windows-1251 one is 8-bit windows-1251 on the wire.
put('mail/search-team.mbox', b''.join((m.encode('windows-1251') if 'charset=windows-1251' in m else m.encode('utf-8')) + b'\n'
                                      for m in msgs))

# ---------------------------------------------------------------- office


def zip_bytes(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 10, 0, 0))
            info.create_system = 0
            info.external_attr = 0
            z.writestr(info, data)
    return out.getvalue()


def docx(paras, creator, title, template=None, modified_by=None):
    w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
    body = ''.join(f'<w:p>{"<w:pPr><w:pStyle w:val=%s/></w:pPr>" % chr(34) + "Heading1" + chr(34) if h else ""}<w:r><w:t xml:space="preserve">{t}</w:t></w:r></w:p>'
                   for h, t in paras)
    app = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
           + (f'<Template>{template}</Template>' if template else '') + '<Application>Microsoft Office Word</Application></Properties>')
    core = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f'<dc:title>{title}</dc:title><dc:creator>{creator}</dc:creator><cp:lastModifiedBy>{modified_by or creator}</cp:lastModifiedBy>'
            f'<dcterms:created xsi:type="dcterms:W3CDTF">2019-04-01T09:00:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2026-11-30T10:00:00Z</dcterms:modified></cp:coreProperties>')
    return zip_bytes([
        ('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
         '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
         '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
         '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>'),
        ('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
         '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
         '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
         '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>'),
        ('word/document.xml', f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{w}"><w:body>{body}</w:body></w:document>'),
        ('docProps/core.xml', core),
        ('docProps/app.xml', app),
    ])


put('office/relevance-review.docx', docx(
    [(True, 'Search relevance review'), (False, 'We sampled two hundred queries from the November logs and judged the first ten results of each.'),
     (False, 'Queries with accented words (café, résumé, naïve) returned fewer results than their plain spellings; the analyser folds accents at index time but not at query time.'),
     (True, 'Recommendations'), (False, 'Fold accents on both sides, and rebuild the index once the new analyser is deployed.')],
    creator='Administrator', title='Quarterly report template', template='Riverton Report.dotx', modified_by='Ana Ribeiro'))
put('office/crawler-plan.docx', docx(
    [(True, 'Crawler plan for 2027'), (False, 'The crawler visits four hundred sites. We propose to visit news sites daily and the rest weekly.'),
     (False, 'Pages that declare one character set and use another are logged, and the declared charset is no longer trusted when the bytes are valid UTF-8.')],
    creator='Tom Hale', title='Crawler plan 2027'))
put('office/minutes-november.docx', docx(
    [(True, 'Minutes, 26 November'), (False, 'Present: Ana, Tom, Marta, Jonas. Apologies: Élodie.'),
     (False, 'The stop word list is to be reviewed: the token lt is frequent in the wire feed because entities were not decoded.'),
     (False, 'Action: Jonas to decode entities before tokenizing, Marta to re-run the audit.')],
    creator='Marta Nowak', title='Minutes'))
ODT_CONTENT = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:text>'
               '<text:h text:outline-level="1">Archive migration</text:h><text:p>The mail archive moves to the new store in January.<text:s text:c="3"/>'
               'Messages keep their original bytes; only the index is rebuilt.</text:p><text:p>Attachments larger than twenty megabytes are stored separately.</text:p>'
               '</office:text></office:body></office:document-content>')
ODT_META = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2">'
            '<office:meta><dc:title>Archive migration</dc:title><meta:initial-creator>Jonas Berg</meta:initial-creator></office:meta></office:document-meta>')
put('office/archive-migration.odt', zip_bytes([
    ('mimetype', 'application/vnd.oasis.opendocument.text'),
    ('META-INF/manifest.xml', '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
     '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>'
     '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>'),
    ('content.xml', ODT_CONTENT), ('meta.xml', ODT_META)]))


def pdf(objs):
    out = b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f'{i} 0 obj\n'.encode() + o + b'\nendobj\n'
    x = len(out)
    out += f'xref\n0 {len(objs) + 1}\n0000000000 65535 f \n'.encode()
    for o in offs:
        out += f'{o:010d} 00000 n \n'.encode()
    out += f'trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{x}\n%%EOF\n'.encode()
    return out


def stream(data, extra=b''):
    return b'<< /Length %d %s>>\nstream\n' % (len(data), extra) + data + b'\nendstream'


# A three-page paper. Ligatures are glyphs 128 (fi) and 129 (fl) of the font's encoding, as
# typesetters emit them; every page has a running header and a page number; lines end with
# hyphenated words.
PAPER = [
    ['Tokenizers that meet ligatures in extracted text split words such as',
     'ﬁle, ﬁnal and ﬂow, and the index then holds fragments that no query',
     'matches. Our survey of ﬁfty collections found the problem in eleven of',
     'them, most often in reports typeset with professional fonts. The ef-',
     'fect is largest for short documents, where one lost word is a large',
     'share of the text. We propose a normalization step that maps ligature',
     'glyphs back to letters before tokenization, and we measure its cost.'],
    ['Hyphenation at line ends is the second source of fragments. A word',
     'such as infor- mation becomes two terms unless the extractor rejoins',
     'it; our extractor rejoins a line-end hyphen when the joined form is a',
     'word of the document or of the language. The remaining frag-',
     'ments are rare and are listed for review. Running headers and page',
     'numbers are the third source: they repeat on every page and inflate',
     'the document frequency of a few terms.'],
    ['We conclude that extraction errors, not tokenizer design, cause most',
     'of the unmatched queries we examined. The ﬁx is cheap: map ligatures,',
     'rejoin hyphenated words, drop repeated headers, and record what each',
     'step changed so that an analyst can verify it on the original bytes.'],
]
LIG = {'ﬁ': b'\x80', 'ﬂ': b'\x81'}


def pdf_text(s):
    out = b''
    for c in s:
        if c in LIG:
            out += LIG[c]
        elif c in '()\\':
            out += b'\\' + c.encode()
        else:
            out += c.encode('cp1252')
    return out


pages = []
for n, lines in enumerate(PAPER, 1):
    ops = b'BT /F1 9 Tf 72 760 Td (Notes on Retrieval \\267 Volume 7 \\267 2026) Tj ET\n'
    ops += b'BT /F1 11 Tf 14 TL 72 700 Td\n'
    for line in lines:
        # "infor- mation" stands for a line break after the hyphen in the middle of a line.
        for part in line.replace('infor- mation', 'infor-\nmation').split('\n'):
            ops += b'(' + pdf_text(part) + b') Tj T*\n'
    ops += b'ET\n' + b'BT /F1 9 Tf 300 40 Td (%d) Tj ET\n' % n
    pages.append(ops)
objs = [b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(b'%d 0 R' % (4 + 2 * i) for i in range(len(pages))), len(pages)),
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 /fi /fl] >> >>']
for i, ops in enumerate(pages):
    objs.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>' % (5 + 2 * i))
    objs.append(stream(ops))
objs.append(b'<< /Title (Ligatures, hyphens and headers) /Author (Riverton search team) >>')
paper = pdf(objs)
paper = paper.replace(b'/Root 1 0 R >>', b'/Root 1 0 R /Info %d 0 R >>' % len(objs))
put('office/extraction-paper.pdf', paper)

# The same paper as a text export from a viewer that keeps ligature characters and line-end
# hyphens: the fragments `ef`/`fect` and `frag`/`ments` and the ligature words reach the index.
put('office/extraction-paper.txt', '\n'.join(line for page in PAPER for line in page).replace('infor- mation', 'infor-\nmation') + '\n')

# A scanned page: one grey image, no text layer.
img = bytes((200 + (x * 7 + y * 3) % 40) for y in range(48) for x in range(64))
put('office/scanned-letter.pdf', pdf([
    b'<< /Type /Catalog /Pages 2 0 R >>',
    b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    stream(img, b'/Type /XObject /Subtype /Image /Width 64 /Height 48 /ColorSpace /DeviceGray /BitsPerComponent 8 '),
    stream(b'q 468 0 0 351 72 360 cm /Im1 Do Q\n'),
]))

# The invoice the last single message carries as an attachment.
invoice_pdf = pdf([
    b'<< /Type /Catalog /Pages 2 0 R >>',
    b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream(b'BT /F1 12 Tf 14 TL 72 700 Td (Invoice 2026-118) Tj T* (Hosting for October: 240.00 EUR) Tj T* (Due within thirty days.) Tj ET\n'),
])

# The single messages (after the office section: one carries a PDF).
for n, (subj, charset, text) in enumerate([
        ('Crawler stopped at 3 a.m.', 'utf-8', 'The crawler stopped at 3 a.m. after the disk filled up. I moved the old logs and restarted it.\nNothing was lost, but the index is six hours behind.\n'),
        ('Café menu query returns nothing', 'windows-1252', 'Searching for “cafe menu” returns nothing, although the page says “Café menu” in its title.\nI think the accent is the problem — can someone check the analyser?\n'),
        ('Invoice attached', 'utf-8', 'Please find the invoice for the October hosting attached.\n'),
], 1):
    head = (f'From: Tom Hale <tom@riverton.example>\nTo: search-team@riverton.example\nSubject: {rfc2047(subj) if not subj.isascii() else subj}\n'
            f'Date: Tue, {n:02d} Dec 2026 08:00:00 +0000\nMessage-ID: <single-{n}@riverton.example>\nMIME-Version: 1.0\n')
    if n == 3:
        pdf_att = invoice_pdf
        data = (head + 'Content-Type: multipart/mixed; boundary="inv"\n\n--inv\nContent-Type: text/plain; charset=utf-8\n\n' + text +
                '\n--inv\nContent-Type: application/pdf; name="invoice.pdf"\nContent-Disposition: attachment; filename="invoice.pdf"\nContent-Transfer-Encoding: base64\n\n' +
                b64(pdf_att) + '--inv--\n').encode('utf-8')
    else:
        data = (head + f'Content-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: 8bit\n\n').encode('ascii') + text.encode(charset)
    put(f'mail/message-{n}.eml', data)

# ---------------------------------------------------------------- legacy
# The first demo files, kept as they were.
put('legacy/01-resume-utf8.txt', 'A résumé in UTF-8: every é is the two bytes C3 A9.\n')
put('legacy/02-resume-windows-1252.txt', 'A résumé in windows-1252: every é is the one byte E9.\n'.encode('cp1252'))
put('legacy/03-resume-double-mojibake.txt', 'A résumé that went through windows-1252 twice.\n'.encode('utf-8').decode('cp1252').encode('utf-8')
    .decode('cp1252').encode('utf-8'))
put('legacy/04-latin1-read-as-utf8.txt', 'Latin-1 bytes résumé: read as UTF-8 they become U+FFFD or vanish.\n'.encode('latin-1'))
put('legacy/06-utf16-no-bom.txt', 'UTF-16LE without a byte order mark: the NUL bytes give it away. Ça va?\n'.encode('utf-16-le'))
put('legacy/07-invisible-characters.txt', 'Zero\u200bwidth space, a soft hy\u00adphen, a word\u2060joiner, an RLO \u202eevil\u202c mark, and a non\u00a0breaking space.\n')
put('legacy/08-hyphenated.txt', 'Delineation turns bytes into infor-\nmation that an index can use.\n')
# More of the same kinds of damage.
put('legacy/mixed-nfc-nfd.txt', ('Two spellings that look the same: ' + unicodedata.normalize('NFC', 'café') + ' and ' +
                                 unicodedata.normalize('NFD', 'café') + ', ' + unicodedata.normalize('NFC', 'Ångström') + ' and ' +
                                 unicodedata.normalize('NFD', 'Ångström') + '.\nA query for one does not match the other unless the index normalises both.\n'))
put('legacy/access_check.rs', ('// Trojan source (CVE-2021-42574): the bidi controls make the comment hide code.\n'
                               'fn is_admin(user: &str) -> bool {\n'
                               '    let access_level = "user";\n'
                               '    if access_level != "user\u202e \u2066// Check if admin\u2069 \u2066" {\n'
                               '        return true;\n    }\n    user == "root"\n}\n'))
put('legacy/zero-width-names.txt', 'Names pasted from a chat: Ana\u200b Ribeiro, Tom\u200dHale, Mar\u00adta No\u00adwak, \ufeffJonas Berg.\n')
put('legacy/koi8r-notice.txt', 'Объявление: читальный зал закрыт в понедельник на санитарный день.\n'.encode('koi8_r'))
put('legacy/greek-1253.txt', 'Η βιβλιοθήκη θα είναι κλειστή τη Δευτέρα για καθαρισμό.\n'.encode('cp1253'))
# Chinese in HZ (RFC 1843): every byte ASCII, so every WHATWG reading keeps `~{` … `~}` as letters.
put('legacy/hz-library-notice.txt', '图书馆通知：本馆周一闭馆清洁，周二照常开放。\n'.encode('hz'))
put('legacy/truncated-utf8.txt', 'The last character was cut in half by a fixed-size buffer: naïve → na'.encode('utf-8') + 'ï'.encode('utf-8')[:1])
put('legacy/mojibake-newsletter.txt', ('Our newsletter’s “best of 2026” – a café guide, déjà vu and the Zürich trip.\n'
                                       'Tickets cost 12 € each; sign up at the front desk.\n').encode('utf-8').decode('cp1252', errors='replace').replace('\ufffd', '?').encode('utf-8'))
put('legacy/entities-in-text.txt', 'Exported from the CMS: Tom &amp; Jerry&#39;s caf&eacute; &lt;closed&gt; on Mondays &mdash; see &quot;Hours&quot;.\n')
put('legacy/ligatures.txt', 'Copied from a PDF: the ﬁnal ﬂoor plan, ofﬁce supplies and the efﬁciency report.\n')
put('legacy/ebcdic-record.txt', 'PAYROLL RECORD 00417 SMITH JOHN DEPT 12 STATUS ACTIVE'.encode('cp037'))

os.makedirs(OUT, exist_ok=True)
for path in sorted(FILES):
    full = os.path.join(OUT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'wb') as f:
        f.write(FILES[path])
print('%d files in %s' % (len(FILES), OUT))
