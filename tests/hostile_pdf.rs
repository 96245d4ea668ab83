//! PDFs made to hurt the interpreter: form XObjects that draw themselves or each other, forms
//! nested hundreds deep or fanning out exponentially, a page tree whose `/Parent` links form a
//! cycle, half a million nested `q`, cyclic patterns, Type 3 glyph procedures and annotation
//! appearances, a page tree of 200,000 pages and compressed-object bombs. Each becomes a named
//! diagnostic or error of its own document, the process never aborts, and a good file in the
//! same folder keeps its figures. The files are written at test time.

mod common;

use common::{cmd, dir, first_json};
use serde_json::Value;
use std::io::Write;

/// A PDF from numbered object bodies, with a correct cross-reference table; object 1 is the
/// catalog.
fn raw_pdf(objects: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = std::collections::BTreeMap::new();
    for (n, body) in objects {
        offsets.insert(*n, out.len());
        out.extend_from_slice(format!("{n} 0 obj\n").as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let size = offsets.keys().max().copied().unwrap_or(0) + 1;
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {size}\n0000000000 65535 f \n").as_bytes());
    for n in 1..size {
        let off = offsets.get(&n).copied().unwrap_or(0);
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n").as_bytes(),
    );
    out
}

fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut s = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    s.extend_from_slice(data);
    s.extend_from_slice(b"\nendstream");
    s
}

fn text(s: &str) -> String {
    format!("BT /F1 12 Tf 72 700 Td ({s}) Tj ET\n")
}

const FONT: &[u8] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/// A one-page PDF: `content` as the page's content, the given XObjects (name, object number)
/// in its resources, `extra` objects from number 6 on.
fn one_page(content: &[u8], xobjects: &[(&str, u32)], extra: Vec<(u32, Vec<u8>)>) -> Vec<u8> {
    let xo: String = xobjects
        .iter()
        .map(|(k, v)| format!("/{k} {v} 0 R "))
        .collect();
    let mut objs = vec![
        (1, b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()),
        (2, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec()),
        (
            3,
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >> /XObject << {xo}>> >> >>"
            )
            .into_bytes(),
        ),
        (4, FONT.to_vec()),
        (5, stream("", content)),
    ];
    objs.extend(extra);
    raw_pdf(&objs)
}

fn form(xobjects: &str, content: &[u8]) -> Vec<u8> {
    stream(
        &format!(
            "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << {xobjects} >> >>"
        ),
        content,
    )
}

/// Every hostile shape, by file name.
fn shapes() -> Vec<(&'static str, Vec<u8>)> {
    let mut v = Vec::new();
    v.push((
        "self.pdf",
        one_page(
            format!("{}/Fm0 Do\n", text("Hello page")).as_bytes(),
            &[("Fm0", 6)],
            vec![(
                6,
                form(
                    "/Fm0 6 0 R",
                    format!("{}/Fm0 Do", text("inside")).as_bytes(),
                ),
            )],
        ),
    ));
    v.push((
        "mutual.pdf",
        one_page(
            format!("{}/Fa Do\n", text("Hello mutual")).as_bytes(),
            &[("Fa", 6)],
            vec![
                (
                    6,
                    form("/Fb 7 0 R", format!("{}/Fb Do", text("form a")).as_bytes()),
                ),
                (
                    7,
                    form("/Fa 6 0 R", format!("{}/Fa Do", text("form b")).as_bytes()),
                ),
            ],
        ),
    ));
    // Thirty levels of forms, each drawing the next ten times: 10^30 invocations.
    let mut fan = Vec::new();
    for i in 0..30u32 {
        let next = 7 + i;
        let body = if i == 29 {
            text("leaf")
        } else {
            "/N Do ".repeat(10)
        };
        fan.push((6 + i, form(&format!("/N {next} 0 R"), body.as_bytes())));
    }
    v.push(("fanout.pdf", one_page(b"/N Do", &[("N", 6)], fan)));
    // A chain of 500 forms, each drawing the next once.
    let mut chain = Vec::new();
    for i in 0..500u32 {
        let body = if i == 499 {
            text("bottom")
        } else {
            "/N Do".to_string()
        };
        chain.push((6 + i, form(&format!("/N {} 0 R", 7 + i), body.as_bytes())));
    }
    v.push(("deep-forms.pdf", one_page(b"/N Do", &[("N", 6)], chain)));
    // A page without resources or media box whose parent is its own parent.
    v.push((
        "parent-cycle.pdf",
        raw_pdf(&[
            (1, b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()),
            (
                2,
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 6 0 R >>".to_vec(),
            ),
            (
                3,
                b"<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>".to_vec(),
            ),
            (5, stream("", b"BT ET")),
            (
                6,
                b"<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>".to_vec(),
            ),
        ]),
    ));
    let n = 500_000;
    let mut q = b"q ".repeat(n);
    q.extend_from_slice(text("deep state").as_bytes());
    q.extend(b"Q ".repeat(n));
    v.push(("nested-q.pdf", one_page(&q, &[], vec![])));
    // A tiling pattern drawing itself, a Type 3 font whose glyph draws a form that draws
    // itself, and an annotation appearance that draws itself: shapes pdf-extract never runs.
    let mut objs = vec![
        (1, b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()),
        (2, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec()),
        (
            3,
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Annots [9 0 R] /Resources << /Font << /F1 4 0 R /T3 8 0 R >> /Pattern << /P0 6 0 R >> >> >>".to_vec(),
        ),
        (4, FONT.to_vec()),
        (
            5,
            stream(
                "",
                format!("/Pattern cs /P0 scn 0 0 100 100 re f {}BT /T3 12 Tf (a) Tj ET", text("patterned")).as_bytes(),
            ),
        ),
        (
            6,
            stream(
                "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /Pattern << /P0 6 0 R >> >>",
                b"/Pattern cs /P0 scn 0 0 10 10 re f",
            ),
        ),
        (7, form("/G 7 0 R", b"/G Do")),
        (
            8,
            b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 10 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [500] /Resources << /XObject << /G 7 0 R >> >> >>".to_vec(),
        ),
        (
            9,
            b"<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /AP << /N 11 0 R >> >>".to_vec(),
        ),
        (10, stream("", b"500 0 d0 /G Do")),
        (11, form("/A 11 0 R", b"/A Do")),
    ];
    objs.sort_by_key(|(n, _)| *n);
    v.push(("unexecuted-cycles.pdf", raw_pdf(&objs)));
    v
}

fn good_pdf() -> Vec<u8> {
    one_page(
        text("A perfectly good document about nothing in particular.").as_bytes(),
        &[],
        vec![],
    )
}

/// `extract --json` of one file: its JSON object and every diagnostic message.
fn extract(path: &std::path::Path) -> (Value, String) {
    common::extract(&[], path)
}

fn unit_text(x: &Value) -> String {
    x["units"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|u| u["text"].as_str().unwrap_or("").to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_hostile_shape_is_named_and_its_text_kept() {
    let d = dir("pdf-shapes");
    for (name, bytes) in shapes() {
        let p = d.join(name);
        std::fs::write(&p, bytes).unwrap();
        let (x, m) = extract(&p);
        let t = unit_text(&x);
        match name {
            "self.pdf" => {
                assert!(
                    m.contains("form XObject 6 0 R draws itself (/Fm0 Do)"),
                    "{m}"
                );
                assert!(t.contains("Hello page") && t.contains("inside"), "{t}");
            }
            "mutual.pdf" => {
                assert!(m.contains("6 0 R → 7 0 R → 6 0 R"), "{m}");
                assert!(t.contains("form a") && t.contains("form b"), "{t}");
            }
            "fanout.pdf" => {
                assert!(m.contains("more than 10000 form XObjects"), "{m}");
            }
            "deep-forms.pdf" => {
                assert!(m.contains("nested more than 32 deep"), "{m}");
            }
            "parent-cycle.pdf" => {
                assert!(m.contains("/Parent links form a cycle"), "{m}");
                assert!(m.contains("no MediaBox"), "{m}");
            }
            "nested-q.pdf" => {
                assert!(m.contains("more than 256 deep"), "{m}");
                assert!(t.contains("deep state"), "{t}");
            }
            "unexecuted-cycles.pdf" => {
                assert!(t.contains("patterned"), "{t}\n{m}");
            }
            _ => unreachable!(),
        }
    }
}

/// The acceptance: `audit` over a folder holding both cycles and a good file reports
/// the good file and names both cycles; nothing aborts.
#[test]
fn audit_of_a_folder_with_cycles_reports_the_good_file_and_names_both() {
    let d = dir("pdf-cycles-audit");
    let good = d.join("good.pdf");
    std::fs::write(&good, good_pdf()).unwrap();
    let alone = cmd().args(["audit", "--json"]).arg(&d).output().unwrap();
    let alone: Value = serde_json::from_slice(&alone.stdout).unwrap();
    for (name, bytes) in shapes().into_iter().take(2) {
        std::fs::write(d.join(name), bytes).unwrap();
    }
    let out = cmd()
        .args(["audit", "--json"])
        .arg(&d)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["summary"]["files"], 3);
    let docs = a["documents"].as_array().unwrap();
    let reasons: Vec<String> = docs.iter().map(|x| x.to_string()).collect();
    let all = reasons.join("\n");
    assert!(
        all.contains("self.pdf") && all.contains("draws itself"),
        "{all}"
    );
    assert!(
        all.contains("mutual.pdf") && all.contains("draw each other in a cycle"),
        "{all}"
    );
    let good_doc = |a: &Value| {
        a["documents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["path"].as_str().is_some_and(|p| p.ends_with("good.pdf")))
            .cloned()
            .unwrap()
    };
    assert_eq!(good_doc(&a), good_doc(&alone));
}

/// A PDF of `pages` pages that share one content stream (object 5, "page text"), each page a
/// dictionary with `resources`.
fn page_tree(pages: u32, resources: &str) -> Vec<u8> {
    let mut objs = vec![
        (1, b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()),
        (4, FONT.to_vec()),
        (5, stream("", text("page text").as_bytes())),
    ];
    let kids: Vec<String> = (0..pages).map(|i| format!("{} 0 R", 6 + i)).collect();
    objs.push((
        2,
        format!(
            "<< /Type /Pages /Kids [{}] /Count {pages} >>",
            kids.join(" ")
        )
        .into_bytes(),
    ));
    for i in 0..pages {
        objs.push((
            6 + i,
            format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources {resources} >>")
                .into_bytes(),
        ));
    }
    objs.sort_by_key(|(n, _)| *n);
    raw_pdf(&objs)
}

/// Pages are extracted in linear time, and `--max-pages` is applied before any per-page work.
#[test]
fn many_pages_cost_linear_time() {
    let d = dir("pdf-pages");
    let p = d.join("pages.pdf");
    std::fs::write(&p, page_tree(3000, "<< /Font << /F1 4 0 R >> >>")).unwrap();
    let out = cmd()
        .args(["extract", "--json", "--unit", "page", "--max-pages", "2500"])
        .arg(&p)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let x = first_json(&out.stdout);
    let units = x["units"].as_array().unwrap();
    assert_eq!(units.len(), 2500);
    assert_eq!(units[2499]["locator"], "page 2500");
    assert!(units.iter().all(|u| u["text"] == "page text"));
    let all = x["diagnostics"].to_string();
    assert!(all.contains("3000 pages; only the first 2500"), "{all}");
}

/// lopdf's parsed objects cost some twenty times their bytes (a page tree of 200,000 pages
/// takes more than half a gigabyte): past `--max-pdf-objects-mb` a file is refused by name
/// while it loads. Here 3,000 pages against a limit of 4 MiB.
#[test]
fn object_memory_is_bounded_while_loading() {
    let d = dir("pdf-objects");
    let p = d.join("huge-tree.pdf");
    let font = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>";
    std::fs::write(&p, page_tree(3_000, font)).unwrap();
    let out = cmd()
        .args(["extract", "--json", "--max-pdf-objects-mb", "4"])
        .arg(&p)
        .output()
        .unwrap();
    let m = String::from_utf8_lossy(&out.stdout);
    assert!(
        m.contains("more than 4 MiB of memory once parsed: not extracted"),
        "{m}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("raise with --max-pdf-objects-mb"),
        "{stderr}"
    );
    // Within the default limit the same file is read.
    let out = cmd()
        .args(["extract", "--json", "--max-pages", "1"])
        .arg(&p)
        .output()
        .unwrap();
    let x: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(x["error"].is_null(), "{}", x["error"]);
}

/// An object stream whose data inflates to gigabytes is refused before lopdf unpacks it.
#[test]
fn an_object_stream_bomb_is_refused_by_name() {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..200 {
        z.write_all(&zeros).unwrap();
    }
    let bomb = z.finish().unwrap();
    let mut body = b"<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ".to_vec();
    body.extend_from_slice(format!("{} >>\nstream\n", bomb.len()).as_bytes());
    body.extend_from_slice(&bomb);
    body.extend_from_slice(b"\nendstream");
    let pdf = one_page(text("cover").as_bytes(), &[], vec![(6, body)]);
    let d = dir("pdf-objstm");
    let p = d.join("objstm.pdf");
    std::fs::write(&p, pdf).unwrap();
    let (_, m) = extract(&p);
    assert!(m.contains("object stream 6 0 R inflates past"), "{m}");
}
