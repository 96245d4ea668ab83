#!/usr/bin/env python3
"""Writes a folder of hostile inputs (issue 17) beside a few good files, for benches/hostile.sh:

  good/      three ordinary documents (text, HTML, PDF)
  hostile/   a PDF form that draws itself, two that draw each other, forms fanning out
             exponentially, a /Parent cycle, 500,000 nested q, a 10,000-page and a 200,000-page
             PDF, an object-stream bomb, a cross-reference stream bomb, 8 MB of U+FEFF, a 20 MB
             Subject:, one 8 MB line of mojibake, a ZIP whose 5,000 entries share one local
             file, DOCX-named ZIPs with 30,002 and 100,002 entries, an SVG without a declaration,
             an email whose attachment name holds terminal controls, a Reuters file whose NEWID
             does, and file names holding ESC, OSC 52, BEL, CR, LF, U+009B, U+202E or bytes that
             are not UTF-8.

Every file is made here from nothing (no third-party text): python3 scripts/make_hostile_corpus.py DIR
"""
import os
import struct
import sys
import zipfile
import zlib


def pdf(objs, root=1):
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offs = {}
    for i in sorted(objs):
        offs[i] = len(out)
        out += b"%d 0 obj\n" % i + objs[i] + b"\nendobj\n"
    xref = len(out)
    n = max(objs) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % n
    for i in range(1, n):
        out += b"%010d 00000 n \n" % offs.get(i, 0)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (n, root, xref)
    return bytes(out)


def stream(d, data):
    return b"<< " + d + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def text(s):
    return b"BT /F1 12 Tf 72 700 Td (" + s + b") Tj ET\n"


def page_pdf(content, xobjects=None, extra=None):
    xo = b""
    if xobjects:
        xo = b" /XObject << " + b" ".join(b"/%s %d 0 R" % (k.encode(), v) for k, v in xobjects.items()) + b" >>"
    objs = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >>" + xo + b" >> >>",
        4: FONT,
        5: stream(b"", content),
    }
    if extra:
        objs.update(extra)
    return pdf(objs)


def form(xobjects, content):
    return stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << " + xobjects + b" >> >>", content)


def many_pages(n):
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 4: FONT, 5: stream(b"", text(b"page text"))}
    objs[2] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % (6 + i) for i in range(n)) + b"] /Count %d >>" % n
    for i in range(n):
        objs[6 + i] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >> >> >>"
    return pdf(objs)


def main(root):
    good = os.path.join(root, "good")
    bad = os.path.join(root, "hostile")
    os.makedirs(good, exist_ok=True)
    os.makedirs(bad, exist_ok=True)
    w = lambda d, name, data: open(os.path.join(d, name) if isinstance(name, str) else os.path.join(d.encode(), name), "wb").write(data)
    # Good files: their figures must not change when the hostile ones sit beside them.
    w(good, "story.txt", b"The committee met on Tuesday and agreed the budget for next year.\nIt will publish the minutes on Friday.\n")
    w(good, "page.html", b"<html><head><title>News</title></head><body><p>Prices of coffee rose again this week in the markets of Europe.</p></body></html>")
    w(good, "paper.pdf", page_pdf(text(b"A perfectly good document about the weather in spring.")))
    # PDFs.
    w(bad, "form-self.pdf", page_pdf(text(b"Hello") + b"/Fm0 Do\n", {"Fm0": 6}, {6: form(b"/Fm0 6 0 R", text(b"inside") + b"/Fm0 Do")}))
    w(bad, "form-mutual.pdf", page_pdf(text(b"Hello") + b"/Fa Do\n", {"Fa": 6}, {6: form(b"/Fb 7 0 R", b"/Fb Do"), 7: form(b"/Fa 6 0 R", b"/Fa Do")}))
    fan = {6 + i: form(b"/N %d 0 R" % (7 + i), text(b"leaf") if i == 29 else b"/N Do " * 10) for i in range(30)}
    w(bad, "form-fanout.pdf", page_pdf(b"/N Do", {"N": 6}, fan))
    w(bad, "parent-cycle.pdf", pdf({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 6 0 R >>", 3: b"<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>", 5: stream(b"", b"BT ET"), 6: b"<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>"}))
    n = 500_000
    w(bad, "nested-q.pdf", page_pdf(b"q " * n + text(b"deep") + b"Q " * n))
    w(bad, "pages-10000.pdf", many_pages(10_000))
    w(bad, "pages-200000.pdf", many_pages(200_000))
    bomb = zlib.compress(b" " * (300 << 20), 9)
    w(bad, "objstm-bomb.pdf", page_pdf(text(b"cover"), None, {6: stream(b"/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", bomb)}))
    w(bad, "xref-bomb.pdf", b"%PDF-1.5\n1 0 obj\n" + stream(b"/Type /XRef /Filter /FlateDecode /W [1 2 1] /Size 2", bomb) + b"\nendobj\nstartxref\n9\n%%EOF\n")
    # Text.
    w(bad, "bom-flood.txt", "\ufeff".join([""] * ((8 << 20) // 3)).encode())
    w(bad, "long-line.txt", ("r\u00c3\u00a9sum\u00c3\u00a9 " * ((8 << 20) // 12)).encode())
    w(bad, "subject.eml", b"From: a@example.org\r\nSubject: " + b"x" * (20 << 20) + b"\r\n\r\nbody\r\n")
    # ZIPs.
    data = b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>same</w:t></w:r></w:p></w:body></w:document>'
    crc = zlib.crc32(data)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0, crc, len(data), len(data), 17, 0) + b"word/document.xml" + data
    names = [b"[Content_Types].xml", b"word/document.xml"] + [b"word/embeddings/e%d.xml" % i for i in range(5000)]
    central = b"".join(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0, crc, len(data), len(data), len(nm), 0, 0, 0, 0, 0, 0) + nm for nm in names)
    eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(names), len(names), len(central), len(local), 0)
    w(bad, "overlap.docx", local + central + eocd)
    for count in (30_002, 100_002):
        path = os.path.join(bad, "entries-%d.docx" % count)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED, allowZip64=True) as z:
            z.writestr("[Content_Types].xml", "<Types/>")
            z.writestr("word/document.xml", '<w:document xmlns:w="x"/>')
            for i in range(count - 2):
                z.writestr("f%d" % i, "")
    # Markup and names.
    w(bad, "icon.svg", b'<svg xmlns="http://www.w3.org/2000/svg" width="10"><title>An icon</title></svg>')
    hostile = "x\x1b[2J\x1b]52;c;cHduZWQ=\x07\r\n\x9b31m\u202egpj"
    w(bad, ("name-" + hostile + ".txt").encode(), b"Plain words under a hostile name.\n")
    w(bad, b"caf\xe9.txt", "Un caf\u00e9 au lait.\n".encode())
    w(bad, "reut2-000.sgm", ('<!DOCTYPE lewis SYSTEM "lewis.dtd">\n<REUTERS NEWID="1' + hostile + '">\n<TEXT><BODY>Viacom said &lt;National Amusements&gt; raised its bid.</BODY></TEXT>\n</REUTERS>\n').encode())
    import base64
    enc = base64.b64encode(hostile.encode()).decode()
    w(bad, "mail.eml", ("From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nThe body.\r\n--B\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=\"=?utf-8?B?" + enc + "?=\"\r\n\r\nattached\r\n--B--\r\n").encode())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "hostile-corpus")
