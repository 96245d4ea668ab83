//! `delineate explain`: the teaching tables for characters, or for bytes read as UTF-8.

use super::Failure;
use super::args::ExplainArgs;
use super::output::json_line;
use crate::decode::validity;
use crate::teach::{CharExplanation, explain_char};
use crate::visible::visible;
use serde::Serialize;
use std::io::Write;

/// One item explained: a character, or an invalid UTF-8 sequence.
#[derive(Serialize)]
#[serde(untagged)]
enum Item {
    Char(Box<CharExplanation>),
    Invalid {
        bytes: String,
        offset: usize,
        reason: String,
    },
}

pub fn run(a: &ExplainArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let items = match &a.bytes {
        Some(hex) => from_bytes(&parse_hex(hex)?),
        None => a
            .text
            .iter()
            .flat_map(|arg| match code_point_arg(arg) {
                Some(c) => vec![c],
                None => arg.chars().collect(),
            })
            .map(|c| Item::Char(Box::new(explain_char(c))))
            .collect(),
    };
    for (i, item) in items.iter().enumerate() {
        if a.json {
            json_line(out, item)?;
            continue;
        }
        if i > 0 {
            writeln!(out)?;
        }
        match item {
            Item::Char(e) => write_char(out, e)?,
            Item::Invalid {
                bytes,
                offset,
                reason,
            } => {
                writeln!(out, "{bytes}  invalid UTF-8 at byte {offset}")?;
                writeln!(out, "   {reason}")?;
            }
        }
    }
    Ok(())
}

/// `U+20AC` or `u+1f600` as a code point.
fn code_point_arg(arg: &str) -> Option<char> {
    let hex = arg.strip_prefix("U+").or_else(|| arg.strip_prefix("u+"))?;
    if hex.is_empty() || hex.len() > 6 {
        return None;
    }
    char::from_u32(u32::from_str_radix(hex, 16).ok()?)
}

fn parse_hex(s: &str) -> Result<Vec<u8>, Failure> {
    let digits: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if !digits.len().is_multiple_of(2) || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Failure::Usage(format!(
            "--bytes wants pairs of hex digits, like \"e9 73\"; got {s:?}"
        )));
    }
    Ok((0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap_or(0))
        .collect())
}

fn from_bytes(bytes: &[u8]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match std::str::from_utf8(&bytes[i..]) {
            Ok(s) => {
                items.extend(s.chars().map(|c| Item::Char(Box::new(explain_char(c)))));
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                let s = std::str::from_utf8(&bytes[i..i + good]).unwrap_or_default();
                items.extend(s.chars().map(|c| Item::Char(Box::new(explain_char(c)))));
                let at = i + good;
                let n = e.error_len().unwrap_or(bytes.len() - at);
                let context = &bytes[at..bytes.len().min(at + n + 1)];
                items.push(Item::Invalid {
                    bytes: validity::hex(&bytes[at..at + n]),
                    offset: at,
                    reason: validity::explain(context, n, context.len() == n),
                });
                i = at + n;
            }
        }
    }
    items
}

/// The seed's table layout for one character.
pub fn write_char(out: &mut dyn Write, e: &CharExplanation) -> std::io::Result<()> {
    let shown = visible(&e.ch.to_string(), false);
    writeln!(out, "{shown}  {}  {}", e.code_point, e.name)?;
    writeln!(
        out,
        "   category {} ({}) · script {} · width {}",
        e.category,
        e.category_name,
        e.script,
        e.width.map_or("— (control)".to_string(), |w| w.to_string())
    )?;
    let u = &e.utf8;
    let n = u.bytes.len();
    if n == 1 {
        writeln!(
            out,
            "   binary {}: {} bit{}, fits the one-byte pattern 0xxxxxxx (7 payload bits)",
            u.binary,
            u.bits_needed,
            if u.bits_needed == 1 { "" } else { "s" }
        )?;
    } else {
        let smaller = [0, 7, 11, 16][n - 1];
        writeln!(
            out,
            "   binary {}: {} bits, more than the {smaller} of the {}-byte pattern, so the {n}-byte pattern {}",
            u.binary,
            u.bits_needed,
            n - 1,
            u.pattern
        )?;
    }
    writeln!(
        out,
        "   padded on the left to {} payload bits and split as the bytes take them: {}",
        u.payload_bits, u.padded_split
    )?;
    writeln!(out)?;
    writeln!(out, "   | {:<11} | Prefix | Payload | Byte     | Hex |", "")?;
    writeln!(
        out,
        "   |-------------|--------|---------|----------|-----|"
    )?;
    for b in &u.bytes {
        writeln!(
            out,
            "   | {:<11} | {:<6} | {:<7} | {} | {:<3} |",
            b.role, b.prefix, b.payload, b.binary, b.hex
        )?;
    }
    writeln!(out)?;
    let hex: Vec<&str> = u.bytes.iter().map(|b| b.hex.as_str()).collect();
    let units: Vec<String> = e
        .utf16
        .iter()
        .map(|x| {
            if e.utf16.len() > 1 {
                format!("{} ({})", x.hex, x.kind)
            } else {
                x.hex.clone()
            }
        })
        .collect();
    writeln!(
        out,
        "   UTF-8: {} ({} byte{})   UTF-16: {} ({} code unit{})",
        hex.join(" "),
        n,
        if n == 1 { "" } else { "s" },
        units.join(" "),
        e.utf16.len(),
        if e.utf16.len() == 1 { "" } else { "s" }
    )?;
    let forms: Vec<String> = e
        .forms
        .iter()
        .map(|f| {
            format!(
                "{} {} ({}{})",
                f.form,
                visible(&f.text, false),
                f.code_points,
                if f.changed { ", changed" } else { "" }
            )
        })
        .collect();
    writeln!(out, "   {}", forms.join(" · "))
}
