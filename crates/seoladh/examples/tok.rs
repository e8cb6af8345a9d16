//! Developer probe: prints the tokens of each stdin line.
use std::io::BufRead;
fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let t = seoladh::text::tokenise(&line);
        for (tok, text) in t.iter() {
            print!("{:?}:{text} ", tok.kind);
        }
        println!();
    }
}
