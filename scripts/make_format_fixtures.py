#!/usr/bin/env python3
"""Writes the format and extraction fixtures under tests/fixtures/formats/.

Office files come from the libraries people make them with (python-docx, openpyxl, python-pptx,
odfpy), PDFs from groff (gropdf) and Ghostscript and reportlab, mail from Python's email
package; the rest is written byte by byte here. Hostile inputs (a zip bomb, a truncated ZIP, a
cyclic PDF, deeply nested XML, files whose extension lies) are made here too.

Needs: pip install python-docx openpyxl python-pptx odfpy reportlab; apt-get install groff
ghostscript. Run from the repository root: python3 scripts/make_format_fixtures.py"""
import gzip, io, os, struct, subprocess, zipfile, zlib
from email.message import EmailMessage
from email.policy import SMTP

F = "tests/fixtures/formats/"
os.makedirs(F, exist_ok=True)


def write(name, data):
    with open(F + name, "wb") as f:
        f.write(data)


# ---------- text formats ----------
write("page.html", """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Bridge closure &amp; detours</title>
<meta name="description" content="The old bridge closes for repairs">
<meta name="author" content="Administrator">
<style>body { font-family: serif }</style><script>var nav = "<p>not text</p>";</script></head>
<body>
<ul class="nav"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul>
<h1>Old bridge to close for repairs</h1>
<p>The council voted on Tuesday to close the old bridge for eight weeks of repairs, starting in March. Drivers will be sent along the ring road, which adds about ten minutes to the journey into town.</p>
<p>Cyclists and pedestrians can still cross on a temporary walkway. The council says the work will cost &pound;2.4 million &mdash; caf&eacute; owners near the bridge fear a quiet spring &copy 2026.</p>
<p lang="fr">Le pont sera fermé pendant huit semaines.</p>
<!-- a comment nobody reads -->
<div class="footer"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a> | <a href="/contact">Contact</a> | <a href="/sitemap">Sitemap</a></div>
</body></html>
""".encode("utf-8"))

write("doc.xml", """<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE article>
<article xml:lang="en"><title>Caf\xe9 prices &amp; taxes</title>
<para>Prices rose by 5 &#37; in caf&#233;s &lt;Paris&gt; &copy; 2026.</para>
<para xml:lang="de">Die Preise stiegen.</para><![CDATA[<raw> text]]></article>
""".encode("latin-1"))

write("deep.xml", ('<?xml version="1.0"?>' + "<a>" * 3000 + "deep" + "</a>" * 3000).encode())
write("data.json", b'{"title": "A JSON document", "tags": ["x", "y"], "n": 3}\n')
write("plain.txt", "Plain text, nothing else.\nSecond line.\n".encode())
write("utf16.txt", "UTF-16 text with a BOM: résumé\n".encode("utf-16"))
write("ebcdic.txt", "HELLO FROM THE MAINFRAME. THIS RECORD IS IN EBCDIC, CODE PAGE 037.".encode("cp037"))

# Reuters-21578 style SGML: two documents, one with the stray 0xFC byte of NEWID 17980.
sgml = (b'<!DOCTYPE lewis SYSTEM "lewis.dtd">\n'
        b'<REUTERS TOPICS="YES" LEWISSPLIT="TRAIN" CGISPLIT="TRAINING-SET" OLDID="5544" NEWID="1">\n'
        b'<DATE>26-FEB-1987 15:01:01.79</DATE>\n<TOPICS><D>cocoa</D></TOPICS>\n'
        b'<PLACES><D>el-salvador</D><D>usa</D></PLACES>\n'
        b'<TEXT>&#2;\n<TITLE>BAHIA COCOA REVIEW</TITLE>\n<DATELINE>    SALVADOR, Feb 26 - </DATELINE>'
        b'<BODY>Showers continued throughout the week in\nthe Bahia cocoa zone, said &lt;Comissaria Smith>.\n Reuter\n&#3;</BODY></TEXT>\n'
        b'</REUTERS>\n'
        b'<REUTERS TOPICS="NO" LEWISSPLIT="TEST" CGISPLIT="TRAINING-SET" OLDID="20" NEWID="17980">\n'
        b'<DATE>8-APR-1987 10:00:00.00</DATE>\n<TOPICS></TOPICS>\n'
        b'<TEXT>&#2;\n<TITLE>LAWSON SAYS LOUVRE ACCORD SATISFACTORY</TITLE>\n'
        b'<BODY>world economic growth.\xfc&#5;&#30;side measures to boost growth, &lt;he> said.\n&#3;</BODY></TEXT>\n'
        b'</REUTERS>\n')
write("reuters.sgm", sgml)

# ---------- email ----------
m = EmailMessage(policy=SMTP)
m["From"] = "Élodie Martin <elodie@example.org>"
m["To"] = "team@example.org"
m["Subject"] = "Résumé et rapport"
m["Date"] = "Mon, 30 Nov 2026 10:00:00 +0100"
m.set_content("Bonjour,\nvoici mon résumé et le rapport.\nÉlodie\n", charset="iso-8859-1", cte="quoted-printable")
m.add_alternative("<html><body><p>Bonjour, voici mon <b>résumé</b>.</p></body></html>", subtype="html", charset="utf-8")
m.add_attachment("Notes in an attachment: the bridge closes in March.\n".encode("utf-8"),
                 maintype="text", subtype="plain", filename="notes.txt")
m.add_attachment(b"\x89PNG\r\n\x1a\n" + b"\0" * 32, maintype="image", subtype="png", filename="photo.png")
write("message.eml", m.as_bytes())

msgs = []
for i, (frm, subj, body) in enumerate([
        ("a@example.org", "First", "The first message.\nFrom the start it was clear.\n"),
        ("b@example.org", "Second", "The second message.\n"),
        ("c@example.org", "=?utf-8?q?Troisi=C3=A8me?=", "Le troisième message.\n")]):
    body = body.replace("\nFrom ", "\n>From ")
    msgs.append(f"From {frm} Mon Nov 30 10:0{i}:00 2026\nFrom: {frm}\nTo: list@example.org\n"
                f"Subject: {subj}\nContent-Type: text/plain; charset=utf-8\n\n{body}\n")
write("archive.mbox", "".join(msgs).encode("utf-8"))

# ---------- Office and ODF ----------
import docx
d = docx.Document()
d.add_heading("Quarterly report", level=1)
d.add_paragraph("Revenue grew in every region. The office in Porto reported the largest increase.")
t = d.add_table(rows=2, cols=2)
t.cell(0, 0).text, t.cell(0, 1).text = "Region", "Growth"
t.cell(1, 0).text, t.cell(1, 1).text = "North", "12 %"
d.add_heading("Outlook", level=2)
d.add_paragraph("We expect steady growth next year.")
d.core_properties.author = "Administrator"
d.core_properties.title = "Quarterly report"
import datetime
d.core_properties.created = datetime.datetime(2026, 11, 30, 10, 0, 0)
d.core_properties.modified = datetime.datetime(2025, 1, 2, 9, 0, 0)
buf = io.BytesIO()
d.save(buf)
docx_bytes = buf.getvalue()

import openpyxl
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Budget"
ws.append(["Item", "Cost"])
ws.append(["Bridge repairs", 2400000])
ws.append(["Café subsidy", 15000])
ws2 = wb.create_sheet("Notes")
ws2.append(["Approved on Tuesday"])
buf = io.BytesIO()
wb.save(buf)
xlsx_bytes = buf.getvalue()
write("budget.xlsx", xlsx_bytes)

# The report with the workbook embedded in it (as Word stores an embedded sheet).
src = zipfile.ZipFile(io.BytesIO(docx_bytes))
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for item in src.infolist():
        z.writestr(item, src.read(item.filename))
    z.writestr("word/embeddings/Microsoft_Excel_Worksheet.xlsx", xlsx_bytes)
write("report.docx", out.getvalue())
write("truncated.docx", out.getvalue()[: len(out.getvalue()) // 2])

from pptx import Presentation
p = Presentation()
for title, body in [("Bridge closure", "Eight weeks from March"), ("Detours", "Ring road adds ten minutes"), ("Questions", "Ask the council")]:
    s = p.slides.add_slide(p.slide_layouts[1])
    s.shapes.title.text = title
    s.placeholders[1].text = body
p.core_properties.author = "Ana Silva"
buf = io.BytesIO()
p.save(buf)
write("slides.pptx", buf.getvalue())

from odf.opendocument import OpenDocumentText, OpenDocumentSpreadsheet, OpenDocumentPresentation
from odf.text import P, H, S, Tab, LineBreak
from odf.table import Table, TableRow, TableCell
from odf.draw import Page, Frame, TextBox
from odf.style import MasterPage, PageLayout
from odf import dc, meta
doc = OpenDocumentText()
doc.text.addElement(H(outlinelevel=1, text="Minutes"))
para = P(text="The meeting opened at ten.")
para.addElement(S(c=3))
para.addText("Three spaces before this.")
doc.text.addElement(para)
doc.text.addElement(P(text="Naïve café owners attended."))
doc.meta.addElement(dc.Title(text="Minutes"))
doc.meta.addElement(meta.InitialCreator(text="Jonas Berg"))
buf = io.BytesIO()
doc.write(buf)
write("minutes.odt", buf.getvalue())

ods = OpenDocumentSpreadsheet()
for name, rows in [("Costs", [["Item", "Cost"], ["Steel", "900"]]), ("People", [["Name"], ["Ana"]])]:
    tb = Table(name=name)
    for r in rows:
        tr = TableRow()
        for c in r:
            tc = TableCell()
            tc.addElement(P(text=c))
            tr.addElement(tc)
        tb.addElement(tr)
    ods.spreadsheet.addElement(tb)
buf = io.BytesIO()
ods.write(buf)
write("costs.ods", buf.getvalue())

odp = OpenDocumentPresentation()
pl = PageLayout(name="PL")
odp.automaticstyles.addElement(pl)
mp = MasterPage(name="Default", pagelayoutname=pl)
odp.masterstyles.addElement(mp)
for i, txt in enumerate(["First slide text", "Second slide text"]):
    pg = Page(name=f"page{i+1}", masterpagename=mp)
    fr = Frame(width="20cm", height="3cm", x="1cm", y="1cm")
    tbx = TextBox()
    tbx.addElement(P(text=txt))
    fr.addElement(tbx)
    pg.addElement(fr)
    odp.presentation.addElement(pg)
buf = io.BytesIO()
odp.write(buf)
write("talk.odp", buf.getvalue())

# EPUB: the spine lists chapter 2's file first; reading order is the spine's.
out = io.BytesIO()
with zipfile.ZipFile(out, "w") as z:
    z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
    z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
    z.writestr("OEBPS/content.opf", '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Bridge</dc:title><dc:creator>J. Writer</dc:creator><dc:language>en</dc:language></metadata><manifest><item id="a" href="Text/b.xhtml" media-type="application/xhtml+xml"/><item id="b" href="Text/a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>')
    z.writestr("OEBPS/Text/b.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><h1>Chapter one</h1><p>It began at the bridge.</p></body></html>')
    z.writestr("OEBPS/Text/a.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Two</title></head><body><h1>Chapter two</h1><p>It ended at the river.</p></body></html>')
write("book.epub", out.getvalue())

# A zip bomb dressed as a DOCX: 64 MiB of spaces deflate to about 64 KiB (ratio ~1000:1).
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
    z.writestr("word/document.xml", b"<w:document xmlns:w='x'><w:body>" + b" " * (64 << 20) + b"</w:body></w:document>")
write("bomb.docx", out.getvalue())

# ---------- PDF ----------
groff_src = r""".ds LH Delineate test paper
.ds CH
.ds RH \n%
.2C
.NH
Efficient extraction
.PP
""" + " ".join([
    "The office staff found the fluffy file difficult to read because the affluent",
    "officials had scribbled efficiently over every flawed figure in the final draft.",
    "Extraction tools must reconstruct reading order, rejoin hyphenated words such as",
    "internationalization and telecommunications, and map ligature glyphs back to letters.",
] * 9) + "\n.PP\n" + " ".join([
    "A second paragraph discusses the right column. Readers expect the left column to be",
    "read first, top to bottom, and only then the right column, never alternating lines.",
] * 12) + "\n.bp\n.PP\nThe third page has a little text of its own, about the bridge.\n.bp\n.PP\nThe last page says goodbye.\n"
with open("/tmp/twocol.ms", "w") as f:
    f.write(groff_src)
pdf = subprocess.run(["groff", "-ms", "-Tpdf", "/tmp/twocol.ms"], capture_output=True, check=True).stdout
write("twocol.pdf", pdf)
ps = subprocess.run(["groff", "-ms", "-Tps", "/tmp/twocol.ms"], capture_output=True, check=True).stdout
write("twocol-gs.pdf", subprocess.run(["ps2pdf", "-", "-"], input=ps, capture_output=True, check=True).stdout)

from reportlab.pdfgen import canvas
from reportlab.lib.utils import ImageReader
# A scanned page: only an image, no text layer.
png = io.BytesIO()
def tiny_png(w, h):
    raw = b"".join(b"\0" + bytes([200, 200, 200]) * w for _ in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
img = tiny_png(40, 20)
write("tiny.png", tiny_png(1, 1))
buf = io.BytesIO()
c = canvas.Canvas(buf, invariant=1)
c.drawString(72, 720, "Page one has a text layer.")
c.showPage()
c.drawImage(ImageReader(io.BytesIO(img)), 72, 400, width=400, height=200)
c.showPage()
c.setTitle("Scanned report")
c.setAuthor("Scanner")
c.save()
write("scanned.pdf", buf.getvalue())
buf = io.BytesIO()
c = canvas.Canvas(buf, invariant=1, encrypt="secret")
c.drawString(72, 720, "You need the password to read this.")
c.save()
write("encrypted.pdf", buf.getvalue())

# A PDF whose page tree is a cycle: the Pages node lists itself as its kid.
def pdf_with(objs, root=1):
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    x = len(out)
    out += f"xref\n0 {len(objs)+1}\n0000000000 65535 f \n".encode()
    for o in offs:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs)+1} /Root {root} 0 R >>\nstartxref\n{x}\n%%EOF\n".encode()
    return out
write("cyclic.pdf", pdf_with([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]))

# ---------- binaries and lies ----------
write("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\0" * 32)
write("app.exe", b"MZ" + b"\x90\x00" * 31 + b"\0" * 64)
write("lib.so", b"\x7fELF\x02\x01\x01" + b"\0" * 57)
write("ole2.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504)
write("letter.rtf", rb"{\rtf1\ansi\deff0 {\fonttbl {\f0 Times;}} Dear reader, caf\'e9.}" + b"\n")
write("archive.gz", gzip.compress(b"compressed text\n", mtime=0))
write("fake.doc", b"\xffWPC\x10\x00\x00\x00\x01\x0a\x00\x00" + b"\0" * 20)  # WordPerfect, named .doc
write("notes.odt", b"Just plain text, though the name says OpenDocument.\n")
write("image.txt", tiny_png(1, 1))
print("fixtures written to", F)
