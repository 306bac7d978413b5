//! The `define` block that UCI and CECP sessions accept: variants.ini lines sent over the
//! protocol, from a line `define` to a line `end`, define variants at run time (a GUI or a
//! script needs no file). The text is read as a file named `define` would be, so its problems
//! come back as `define:LINE: key: reason; section skipped`, counting lines from the first
//! line after `define`.

/// The name the block's text is read under, in its problem lines.
pub const SOURCE: &str = "define";

/// The lines of a block being read.
#[derive(Debug, Default)]
pub struct DefineBlock {
    text: String,
}

/// What a line did to a block.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken {
    /// A line of the block.
    More,
    /// The `end` line: the whole block's text.
    Done(String),
    /// `quit`: the session ends, and the unfinished block defines nothing.
    Quit,
}

/// What a session says when `quit` comes inside a block.
pub const UNFINISHED: &str = "define block not closed by 'end' before quit: nothing defined";

impl DefineBlock {
    /// Takes the next input line.
    pub fn take(&mut self, line: &str) -> Taken {
        match line.trim() {
            "end" => Taken::Done(std::mem::take(&mut self.text)),
            "quit" => Taken::Quit,
            _ => {
                self.text.push_str(line.trim_end_matches(['\r', '\n']));
                self.text.push('\n');
                Taken::More
            }
        }
    }
}

/// Defines the block's variants on `engine`; returns what the session says (see [`report`]).
pub fn define(engine: &mut crate::engine::Engine, text: &str) -> Vec<String> {
    let (added, notices) = engine.define_variants(SOURCE, text);
    report(&added, &notices)
}

/// What a session says after a block: every notice, then `defined N variants: NAMES` (or
/// `defined no variants`).
pub fn report(added: &[String], notices: &[String]) -> Vec<String> {
    let mut lines = notices.to_vec();
    lines.push(if added.is_empty() {
        "defined no variants".to_string()
    } else {
        format!("defined {} variants: {}", added.len(), added.join(" "))
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_ends_at_its_end_line() {
        let mut b = DefineBlock::default();
        assert_eq!(b.take("[mini:chess]"), Taken::More);
        assert_eq!(b.take("maxRank = 6\r\n"), Taken::More);
        assert_eq!(
            b.take(" end "),
            Taken::Done("[mini:chess]\nmaxRank = 6\n".to_string())
        );
        // The next block starts empty; `quit` inside a block ends the session.
        assert_eq!(b.take("end"), Taken::Done(String::new()));
        assert_eq!(b.take("quit"), Taken::Quit);
    }
}
