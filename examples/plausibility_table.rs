//! The reliability of `mojibake::plausibility` on the mojibake dev set of
//! scripts/make_mojibake_devset.py: for each score band, how many negatives (clean lines) and
//! positives (mojibake, before repair) fall in it, and how many positives score in it after
//! `analyze`'s repair. Only lines holding non-ASCII characters are counted. The first clean
//! lines scoring below 0.2 are listed on standard error, with the signs counted.
//!
//!   cargo run --release --example plausibility_table -- DEVSET_DIR

use delineate::encoding::mojibake;

fn main() {
    let dir = std::env::args().nth(1).expect("the dev set folder");
    let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).expect(name);
    let (neg, pos) = (read("neg.txt"), read("pos.txt"));
    let band = |s: f64| ((s * 10.0).floor() as usize).min(9);
    let mut table = [[0usize; 3]; 10];
    let mut low = Vec::new();
    for l in neg.lines().filter(|l| !l.is_ascii()) {
        let p = mojibake::plausibility(l);
        table[band(p.score)][0] += 1;
        if p.score < 0.2 && low.len() < 15 {
            low.push(format!(
                "{:?} {}",
                l.chars().take(50).collect::<String>(),
                p.describe()
            ));
        }
    }
    for l in &low {
        eprintln!("{l}");
    }
    for l in pos.lines().filter(|l| !l.is_ascii()) {
        table[band(mojibake::plausibility(l).score)][1] += 1;
        let a = mojibake::analyze(l);
        table[band(a.plausibility_after.score)][2] += 1;
    }
    println!("| plausibility | clean lines | mojibake, before | mojibake, after the repair |");
    println!("|---|---|---|---|");
    for (i, row) in table.iter().enumerate() {
        println!(
            "| {:.1}–{:.1} | {} | {} | {} |",
            i as f64 / 10.0,
            (i + 1) as f64 / 10.0,
            row[0],
            row[1],
            row[2]
        );
    }
}
