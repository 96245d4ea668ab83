//! Unit tests of the typed-letter step ([`super`]).

use super::*;

/// The context of UTF-8 `text`, all of it UTF-8.
fn context(text: &str) -> Context<'_> {
    Context::of(text.as_bytes(), &[(0, text.len())])
}

/// `part`, whole, read as UTF-8 with typed letters in `ctx`, its draft's encoding and leeway.
fn read(part: &[u8], ctx: &Context, draft: (Charset, Leeway)) -> Option<Legacy> {
    utf8_with_typed(part, (0, part.len()), true, ctx, draft)
}

fn words_of(region: &[u8]) -> Vec<(Vec<(usize, usize)>, &'static str)> {
    typed_words(region, true, &Context::of(region, &[(0, region.len())]))
        .into_iter()
        .map(|t| (t.spans, t.encoding.name()))
        .collect()
}

/// A Portuguese UTF-8 text with `religião` typed in windows-1252 twice: each E3 is a
/// letter typed in, borne out by the Portuguese list.
#[test]
fn a_listed_word_with_a_typed_letter_is_read_in_its_code_page() {
    let mut b = "Toda a pessoa tem direito à liberdade de pensamento, de consciência e de "
        .as_bytes()
        .to_vec();
    let at = b.len() + 6;
    b.extend_from_slice(b"religi\xe3o; este direito implica a liberdade de mudar de ");
    b.extend_from_slice(
        "religião ou de convicção, assim como a liberdade de manifestar a sua religião.".as_bytes(),
    );
    assert_eq!(words_of(&b), vec![(vec![(at, at + 1)], "windows-1252")]);
}

/// A cut lead byte reads as a capital inside the word (`religiÃo`), a stray byte stands
/// before a valid letter: neither is a typed letter.
#[test]
fn cut_and_stray_bytes_are_no_typed_letters() {
    let text =
        "Toda a pessoa tem direito à liberdade de pensamento, de consciência e de religião. ";
    let mut cut = text.as_bytes().to_vec();
    cut.extend_from_slice(b"A religi\xc3o e a convic\xc3\xa7\xc3\xa3o.");
    assert!(words_of(&cut).is_empty());
    let mut stray = text.as_bytes().to_vec();
    stray.extend_from_slice(b"A consci\xe9\xc3\xaancia.");
    assert!(words_of(&stray).is_empty());
}

/// Estonian has no word list here: `ühiskonna` with `ü` typed in windows-1252 stands on
/// the `ü` the UTF-8 text writes elsewhere; a letter it never writes does not.
#[test]
fn a_typed_letter_the_text_writes_elsewhere_is_read() {
    let mut b = "Igaühel on õigus haridusele ja tööle. Tal on õigus "
        .as_bytes()
        .to_vec();
    let at = b.len();
    b.extend_from_slice(b"\xfchiskonna elust osa v\xf5tta.");
    let got = words_of(&b);
    assert_eq!(got.len(), 2, "both letters are written around");
    assert_eq!(got[0], (vec![(at, at + 1)], "windows-1252"));
    let mut c = "Igaühel on õigus haridusele ja tööle. ".as_bytes().to_vec();
    c.extend_from_slice(b"Tal on \xe6igus.");
    assert!(words_of(&c).is_empty(), "`æ` is nowhere in the text");
}

/// A Polish `ł` typed in windows-1250 (B3, `³` in windows-1252): only windows-1250 reads a
/// letter there.
#[test]
fn the_code_page_that_reads_a_letter_names_the_segment() {
    let mut b = "Każdy człowiek ma prawo do życia, wolności i bezpieczeństwa osobistego. To "
        .as_bytes()
        .to_vec();
    b.extend_from_slice(b"by\xb3o wa\xbfne.");
    let got = words_of(&b);
    assert_eq!(got.len(), 2, "{:?}", got);
    assert!(got.iter().all(|g| g.1 == "windows-1250"), "{got:?}");
}

/// Each mark where it stands: an apostrophe between letters, a dash between spaces or
/// digits, an ellipsis after a word, quotes as a pair around words. Not an apostrophe
/// after a space, an unpaired quote, nor a dash glued to a word.
#[test]
fn typed_punctuation_stands_where_its_mark_stands() {
    let utf8 = "Café, naïve – ";
    let marks = |b: &[u8]| -> Vec<String> {
        typed_words(b, true, &Context::of(b, &[(0, b.len())]))
            .into_iter()
            .map(|t| {
                t.spans
                    .iter()
                    .map(|&(x, y)| encoding_rs::WINDOWS_1252.decode(&b[x..y]).0.into_owned())
                    .collect::<String>()
            })
            .collect()
    };
    let with = |tail: &[u8]| [utf8.as_bytes(), tail].concat();
    assert_eq!(marks(&with(b"don\x92t go")), ["’"]);
    assert_eq!(marks(&with(b"tea \x96 or coffee")), ["–"]);
    assert_eq!(marks(&with(b"1990\x961995")), ["–"]);
    assert_eq!(marks(&with(b"and so on\x85 Then")), ["…"]);
    assert_eq!(marks(&with(b"the \x93old system\x94 went")), ["“”"]);
    assert_eq!(marks(&with(b"Artigo 18.\xba\nToda")), ["º"]);
    assert_eq!(marks(&with(b"a 1\xaa vez")), ["ª"]);
    assert!(marks(&with(b"o \xbaArtigo")).is_empty());
    assert!(marks(&with(b"a \x92t go")).is_empty());
    assert!(marks(&with(b"the \x93old system went")).is_empty());
    assert!(marks(&with(b"tea\x96or coffee")).is_empty());
}

/// A single-byte part with a valid letter the text writes and a typed one reads as UTF-8;
/// a chance pair of legacy text (windows-1251 `Сі`, UTF-8 `ѳ`) the text never writes does
/// not.
#[test]
fn a_legacy_part_is_utf8_only_with_letters_the_text_writes() {
    let text = "Toda a pessoa tem direito à liberdade de opinião e de expressão. ";
    let ctx = context(text);
    let part = ["a opinião ".as_bytes(), b"n\xe3o muda."].concat();
    let l =
        read(&part, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).expect("UTF-8 with a typed letter");
    assert_eq!((l.typed.len(), l.valid, l.damaged), (1, 1, 0));
    let ru = "Каждый человек имеет право на свободу убеждений. ";
    let ctx = context(ru);
    let chance = b"\xd1\xb3 \xef\xf0\xe0\xe2\xee";
    assert!(read(chance, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).is_none());
}

/// A legacy part with a valid letter of the text's alphabet and damage shaped as UTF-8
/// damage (lead bytes glued to letters, a capital byte between small letters) reads as
/// UTF-8, however much of that damage there is; damage that stands as a legacy letter
/// stands counts against the valid letters, one for one.
#[test]
fn a_legacy_part_with_utf8_shaped_damage_is_utf8() {
    let text = "Minden személynek joga van a munkához és a szabad választáshoz. ";
    let ctx = context(text);
    let part = b"munkan\xc3lk\xc3lis\xc3\xa9g idej\xc3n";
    let l = read(part, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).expect("UTF-8 with damage");
    assert_eq!((l.typed.len(), l.valid, l.damaged), (0, 1, 3));
    // A part read with confidence in a multi-byte encoding takes shaped damage only.
    assert!(
        read(
            part,
            &ctx,
            (Charset::Whatwg(encoding_rs::SHIFT_JIS), Leeway::ShapedOnly)
        )
        .is_some()
    );
    let loose = [&b"munkan\xc3lk zz\xf1q "[..], "és".as_bytes()].concat();
    assert!(read(&loose, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).is_some());
    assert!(
        read(
            &loose,
            &ctx,
            (Charset::Whatwg(encoding_rs::SHIFT_JIS), Leeway::ShapedOnly)
        )
        .is_none()
    );
    // No valid character: only typographic punctuation cut short says UTF-8.
    let en = "Visitors don’t pay on Sundays. ";
    let ctx = context(en);
    let cut = b"If you\xe2\x80re late";
    let l = read(cut, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).expect("a cut apostrophe");
    assert_eq!((l.valid, l.damaged), (0, 1));
    for other in [&b"If you\xe2\x99re late"[..], b"caf\xe9 late"] {
        assert!(read(other, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).is_none());
    }
    // Lone bytes that stand as small legacy letters (`ñ`, which the French text never
    // writes, so no typed word): one beside a valid letter may be damage, two may not.
    let fr = "Il a écrit une lettre à sa mère. ";
    let ctx = context(fr);
    let one = [&b"zz\xf1q "[..], "à".as_bytes()].concat();
    let l = read(&one, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).expect("one for one");
    assert_eq!((l.valid, l.damaged), (1, 1));
    let two = [&b"zz\xf1q vv\xf1k "[..], "à".as_bytes()].concat();
    assert!(read(&two, &ctx, (Charset::WINDOWS_1252, Leeway::Any)).is_none());
}

/// A part with no valid character reads as UTF-8 when its lone bytes, two at least, are all
/// lead bytes between small letters or at a word's start as no letter of the language; not
/// when one stands elsewhere (a byte no cut leaves), nor when the draft reads one as what a
/// Latin word holds (windows-1258's tone mark `D2`, Vietnamese `Viểt`; macintosh's `’`).
#[test]
fn a_part_of_shaped_damage_alone_is_utf8() {
    let text = "A városi uszoda reggel hatkor nyit, és este tízig várja a fürdőzőket. ";
    let ctx = context(text);
    let hebrew = (Charset::Whatwg(encoding_rs::WINDOWS_1255), Leeway::Any);
    let part = b"a bej\xc3rat mellett, a f\xc3k alatt.";
    let l = read(part, &ctx, hebrew).expect("UTF-8 damage");
    assert_eq!(
        (l.typed.len(), l.valid, l.damaged, l.cut_marks),
        (0, 0, 2, 0)
    );
    // A lead byte at a word's start that the draft reads as no Hungarian letter is a cut
    // too (windows-1255: a Hebrew point before `k`); a byte no cut leaves there is not.
    let start = b"a bej\xc3rat mellett, a \xc3k alatt.";
    assert!(read(start, &ctx, hebrew).is_some());
    let loose = b"a bej\xc3rat mellett, a \xe9k alatt.";
    assert!(read(loose, &ctx, hebrew).is_none());
    let vi = b"Vie\xd2t Nam, ho\xd2i";
    let tones = (Charset::Whatwg(encoding_rs::WINDOWS_1258), Leeway::Any);
    assert!(read(vi, &ctx, tones).is_none());
    assert!(read(vi, &ctx, hebrew).is_some());
    // Nor when the draft reads them as apostrophes (macintosh `’`), nor with one lone byte.
    let mac = b"don\xd5t go, it\xd5s late";
    let quotes = (Charset::Whatwg(encoding_rs::MACINTOSH), Leeway::Any);
    assert!(read(mac, &ctx, quotes).is_none());
    let one = b"a bej\xc3rat mellett";
    assert!(read(one, &ctx, hebrew).is_none());
}

#[test]
fn words_keep_their_case() {
    assert!(keeps_case("religião"));
    assert!(keeps_case("Élan"));
    assert!(keeps_case("ÉCOLE"));
    assert!(!keeps_case("religiÃo"));
    assert!(!keeps_case("дРлжен"));
    assert!(one_script("nädalaks"));
    assert!(!one_script("pмunchaymanta"));
}

/// The bytes a cut can leave are the lead bytes of the text's letters: C3 and C5 in Estonian
/// (`ü`, `õ`, `š`), not DC, which a typed `Ü` is; every one of C2–DF where the text shows no
/// letter to tell.
#[test]
fn cut_leads_are_the_lead_bytes_of_the_texts_letters() {
    let et = "Raamatukogu on avatud iga päev peale esmaspäeva. Kõik lugejad võivad laenutada. ";
    let ctx = context(et);
    let leads = ctx.cut_leads();
    assert!(leads[0xC3] && leads[0xC5]);
    assert!(!leads[0xDC] && !leads[0xD0]);
    let ascii = "The library opens every day but Monday. ";
    let ctx = context(ascii);
    assert!((0xC2..=0xDF).all(|b| ctx.cut_leads()[b]));
}

/// A region the drafts end right after a typed apostrophe (`d\x92` | `educació`), or start in
/// the middle of a word with a typed letter (`religi` | `\xe3o`), is read with the words that
/// cross its edges whole: the half the region holds shows no mark between letters, and no word.
#[test]
fn words_crossing_a_regions_edge_are_read_whole() {
    let text = "Els pares tenen dret preferent a escollir la mena d'educació que serà donada. ";
    let mut b = text.as_bytes().to_vec();
    b.extend_from_slice(b"Tenen dret a escollir la mena d\x92educaci\xc3\xb3 dels fills.");
    let p = b.iter().position(|&x| x == 0x92).unwrap();
    let ctx = Context::of(&b, &[(0, b.len())]);
    let spans = |t: Vec<Typed>| t.into_iter().flat_map(|t| t.spans).collect::<Vec<_>>();
    assert!(spans(typed_words(&b[..p + 1], true, &ctx)).is_empty());
    assert_eq!(spans(typed_in(&b, (0, p + 1), true, &ctx)), [(p, p + 1)]);
    // From the region's own start: the apostrophe at `p - 20` of it.
    assert_eq!(
        spans(typed_in(&b, (20, p + 1), true, &ctx)),
        [(p - 20, p + 1 - 20)]
    );

    let pt = "Toda a pessoa tem direito à liberdade de pensamento, de consciência e de religião. ";
    let mut b = pt.as_bytes().to_vec();
    b.extend_from_slice(
        b"Este direito implica a liberdade de mudar de religi\xe3o ou de convic\xc3\xa7\xc3\xa3o.",
    );
    let e3 = b.iter().position(|&x| x == 0xe3).unwrap();
    let ctx = Context::of(&b, &[(0, b.len())]);
    assert_eq!(spans(typed_in(&b, (e3, b.len()), true, &ctx)), [(0, 1)]);
    // Nor does a region that holds only the word's start lose its letter.
    assert_eq!(spans(typed_in(&b, (0, e3 + 1), true, &ctx)), [(e3, e3 + 1)]);
}

/// A legacy part with no valid character of its own (`n\xE1 ` of `zaru\xC4\x8Den\xE1`, as
/// the drafts cut it) is UTF-8 with a typed letter when its lone byte's word holds valid UTF-8
/// letters past the part's edge; the same part in a word of legacy letters alone is not.
#[test]
fn a_typed_letter_in_a_word_with_utf8_letters_past_the_part_is_utf8() {
    let text = "Každému je zaručená sloboda pokojného zhromažďovania. ";
    let mut b = text.as_bytes().to_vec();
    b.extend_from_slice(b"Je zaru\xc4\x8den\xe1 sloboda.");
    let e1 = b.iter().position(|&x| x == 0xe1).unwrap();
    let ctx = Context::of(&b, &[(0, e1 - 1)]);
    let part = (e1 - 1, e1 + 2);
    let l = utf8_with_typed(
        &b,
        part,
        true,
        &ctx,
        (Charset::Whatwg(encoding_rs::WINDOWS_1250), Leeway::Any),
    )
    .expect("UTF-8 with a typed letter");
    assert_eq!((l.typed.len(), l.valid, l.damaged), (1, 0, 0));
    let mut legacy = text.as_bytes().to_vec();
    legacy.extend_from_slice(b"Je zaru\xe8en\xe1 sloboda.");
    let e1 = legacy.iter().rposition(|&x| x == 0xe1).unwrap();
    let ctx = Context::of(&legacy, &[(0, text.len())]);
    let part = (e1 - 1, e1 + 2);
    assert!(
        utf8_with_typed(
            &legacy,
            part,
            true,
            &ctx,
            (Charset::Whatwg(encoding_rs::WINDOWS_1250), Leeway::Any)
        )
        .is_none()
    );
}

/// A typed letter glued before a letter in UTF-8 is read where the text writes that pair
/// elsewhere: a long vowel's first half (Finnish `ää`), Icelandic `ö` before `ð` (`stöðu`);
/// where it does not, or where the lone byte stands before a mark (`i\xE9’w`), it is shaped as a
/// stray byte and left alone.
#[test]
fn a_typed_letter_before_a_valid_one_is_read_where_the_text_writes_the_pair() {
    let fi = "Jokaisella on oikeus työhön, työpaikan vapaaseen valintaan ja kohtuullisiin työehtoihin. Mitään tässä julistuksessa ei saa tulkita. ";
    let word = b"Lailla s\xe4\xc3\xa4dettyjen rajoitusten alainen.";
    let with = |text: &str| [text.as_bytes(), word].concat();
    let b = with(fi);
    let at = fi.len() + 8;
    assert_eq!(words_of(&b), vec![(vec![(at, at + 1)], "windows-1252")]);
    let no_pair = "Jokaisella on oikeus työhön ja vapaaseen valintaan. ";
    assert!(words_of(&with(no_pair)).is_empty());
    let cy = "Mae gan bawb yr hawl i dâl teg, sy’n anhepgorol i’w urddas. ";
    let mut b = cy.as_bytes().to_vec();
    b.extend_from_slice("Ac i\u{e9}’w teulu.".replace('\u{e9}', "").as_bytes());
    let p = cy.len() + 4;
    b.insert(p, 0xe9);
    assert!(words_of(&b).is_empty());
    // `öð` is written in `stöðu`, `æð` nowhere: only the `ö` is read.
    let is = "Allir eiga rétt til menntunar, og hún skal ókeypis til stöðu í samfélaginu. ";
    let word = b"Barnafr\xe6\xc3\xb0sla og undirst\xf6\xc3\xb0u.";
    let b = [is.as_bytes(), word].concat();
    let at = is.len() + 24;
    assert_eq!(words_of(&b), vec![(vec![(at, at + 1)], "windows-1252")]);
}
