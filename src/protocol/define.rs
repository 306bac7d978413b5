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

impl DefineBlock {
    /// Takes the next input line: `Some(text)` of the whole block at its `end` line.
    pub fn take(&mut self, line: &str) -> Option<String> {
        if line.trim() == "end" {
            return Some(std::mem::take(&mut self.text));
        }
        self.text.push_str(line.trim_end_matches(['\r', '\n']));
        self.text.push('\n');
        None
    }
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
        assert_eq!(b.take("[mini:chess]"), None);
        assert_eq!(b.take("maxRank = 6\r\n"), None);
        assert_eq!(
            b.take(" end ").as_deref(),
            Some("[mini:chess]\nmaxRank = 6\n")
        );
        // The next block starts empty.
        assert_eq!(b.take("end").as_deref(), Some(""));
    }
}
