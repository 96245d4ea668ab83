//! Unit tests of `extract::office` (kept apart so the module reads as its job).

#[test]
fn names_that_escape_the_archive() {
    for bad in ["../evil", "/etc/passwd", "a/../../b", "C:\\x", "..\\..\\y"] {
        assert!(escapes_archive(bad), "{bad}");
    }
    for ok in ["word/document.xml", "a/../b", "./c", "[Content_Types].xml"] {
        assert!(!escapes_archive(ok), "{ok}");
    }
}

use super::*;

#[test]
fn paths_resolve() {
    assert_eq!(
        resolve("xl/workbook.xml", "worksheets/sheet1.xml"),
        "xl/worksheets/sheet1.xml"
    );
    assert_eq!(
        resolve("ppt/presentation.xml", "slides/slide2.xml"),
        "ppt/slides/slide2.xml"
    );
    assert_eq!(
        resolve("OEBPS/content.opf", "../Text/ch1.xhtml"),
        "Text/ch1.xhtml"
    );
    assert_eq!(resolve("a/b.xml", "/c.xml"), "c.xml");
}

#[test]
fn docx_flow_tables_and_tracked_changes() {
    let xml = r#"<w:document xmlns:w="x"><w:body>
        <w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Title here</w:t></w:r></w:p>
        <w:p><w:r><w:t xml:space="preserve">Hello </w:t></w:r><w:r><w:t>world</w:t><w:tab/><w:t>&amp; more</w:t></w:r>
          <w:del><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>
        <w:tbl><w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
        </w:body></w:document>"#;
    let f = flow(xml, &DOCX, 100, None).pop().unwrap().1;
    assert_eq!(f.text, "Title here\nHello world\t& more\na\tb");
    assert_eq!(f.headings, vec!["Title here"]);
    assert_eq!(f.skipped.get("delText"), Some(&1));
}

#[test]
fn shared_strings_and_sheet() {
    let ss = shared_strings(
        r#"<sst><si><t>Name</t></si><si><r><t>Caf</t></r><r><t>é</t></r></si></sst>"#,
    );
    assert_eq!(ss, vec!["Name", "Café"]);
    let t = sheet_text(
        r#"<worksheet><sheetData><row><c t="s"><v>0</v></c><c><v>42</v></c></row>
        <row><c t="s"><v>1</v></c><c t="inlineStr"><is><t>x</t></is></c><c t="b"><v>1</v></c></row></sheetData></worksheet>"#,
        &ss,
    );
    assert_eq!(t, "Name\t42\nCafé\tx\tTRUE");
}
