//! The net file format (little-endian throughout):
//!
//! | field | type |
//! |---|---|
//! | magic `DABNNUE\0` | 8 bytes |
//! | format version ([`VERSION`]) | u32 |
//! | feature-set id ([`super::features::FEATURE_SET_ID`]) | u32 |
//! | variant name | u16 length + UTF-8 |
//! | board files, ranks | u8, u8 |
//! | piece letters in type order | u16 length + UTF-8 |
//! | inputs, hidden size | u32, u32 |
//! | output buckets, start-position pieces (version 2 only) | u32, u32 |
//! | QA, QB, output scale | i32 x 3 |
//! | first-layer weights, feature-major | i16 x inputs x hidden |
//! | first-layer biases | i16 x hidden |
//! | output weights per bucket (side to move, then other) | i16 x buckets x 2 x hidden |
//! | output bias per bucket | i32 x buckets |
//! | FNV-1a 64 checksum of every byte before it | u64 |
//!
//! Version 1 files (before output buckets) are read as nets of one bucket.
//!
//! A file is refused, with the reason, if anything here is off: a wrong magic, version or
//! feature set, a truncated or corrupted file, or quantisation this engine does not use;
//! [`Network::check_fits`] then refuses a net made for another board or piece set.

use super::features::FEATURE_SET_ID;
use super::network::{Network, QA, QB};
use thiserror::Error;

const MAGIC: &[u8; 8] = b"DABNNUE\0";
/// The format version this engine writes; it reads this one and version 1.
pub const VERSION: u32 = 2;

/// Why a net file cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// Not a net file.
    #[error("not a Dabbaba net file (bad magic)")]
    BadMagic,
    /// A format version this engine does not read.
    #[error("net format version {0}, this engine reads versions 1 to {VERSION}")]
    Version(u32),
    /// A feature set this engine does not compute.
    #[error("feature set {0}, this engine computes feature set {FEATURE_SET_ID}")]
    FeatureSet(u32),
    /// The file ends early.
    #[error("the file ends before its {0}")]
    Truncated(&'static str),
    /// Bytes after the checksum.
    #[error("{0} bytes after the end of the net")]
    Trailing(usize),
    /// The checksum does not match.
    #[error("checksum mismatch: the file is corrupted")]
    Checksum,
    /// A header field with an impossible value.
    #[error("bad header: {0}")]
    Header(String),
    /// The net was made for something else.
    #[error("the net does not fit {variant}: {what}")]
    Mismatch {
        /// The variant it was loaded for.
        variant: String,
        /// What differs.
        what: String,
    },
}

/// FNV-1a, 64 bits: the checksum of net files (and of datagen's binary records).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl Network {
    /// The file bytes of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.ft_w.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&FEATURE_SET_ID.to_le_bytes());
        let put_text = |out: &mut Vec<u8>, text: &str| {
            out.extend_from_slice(&(text.len() as u16).to_le_bytes());
            out.extend_from_slice(text.as_bytes());
        };
        put_text(&mut out, &self.variant);
        out.push(self.files);
        out.push(self.ranks);
        put_text(&mut out, &self.letters);
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        out.extend_from_slice(&self.bucket_pieces.to_le_bytes());
        for x in [QA, QB, self.scale] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for w in self.ft_w.iter().chain(&self.ft_b).chain(&self.out_w) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.out_b {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a net file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8, "magic")? != MAGIC {
            return Err(NetError::BadMagic);
        }
        let version = r.u32("version")?;
        if !(1..=VERSION).contains(&version) {
            return Err(NetError::Version(version));
        }
        let fs = r.u32("feature set")?;
        if fs != FEATURE_SET_ID {
            return Err(NetError::FeatureSet(fs));
        }
        let variant = r.text("variant name")?;
        let files = r.take(1, "board size")?[0];
        let ranks = r.take(1, "board size")?[0];
        let letters = r.text("piece letters")?;
        let inputs = r.u32("layer sizes")? as usize;
        let hidden = r.u32("layer sizes")? as usize;
        let (buckets, bucket_pieces) = if version >= 2 {
            (r.u32("output buckets")? as usize, r.u32("output buckets")?)
        } else {
            (1, 1)
        };
        let (qa, qb, scale) = (r.i32("QA")?, r.i32("QB")?, r.i32("scale")?);
        if (qa, qb) != (QA, QB) {
            return Err(NetError::Header(format!(
                "quantisation QA {qa} QB {qb}, this engine uses QA {QA} QB {QB}"
            )));
        }
        if hidden == 0 || hidden > 4096 || inputs == 0 || inputs > 1 << 20 || scale <= 0 {
            return Err(NetError::Header(format!(
                "{inputs} inputs, hidden size {hidden}, scale {scale}"
            )));
        }
        let ft_w = r.i16s(inputs * hidden, "first-layer weights")?;
        let ft_b = r.i16s(hidden, "first-layer biases")?;
        if buckets == 0 || buckets > 64 || bucket_pieces == 0 {
            return Err(NetError::Header(format!(
                "{buckets} output buckets over {bucket_pieces} pieces"
            )));
        }
        let out_w = r.i16s(buckets * 2 * hidden, "output weights")?;
        let out_b = (0..buckets)
            .map(|_| r.i32("output bias"))
            .collect::<Result<Vec<_>, _>>()?;
        let body = r.at;
        let sum = u64::from_le_bytes(r.take(8, "checksum")?.try_into().expect("8 bytes"));
        if r.at != bytes.len() {
            return Err(NetError::Trailing(bytes.len() - r.at));
        }
        if fnv1a(&bytes[..body]) != sum {
            return Err(NetError::Checksum);
        }
        Ok(Network {
            variant,
            files,
            ranks,
            letters,
            inputs,
            hidden,
            scale,
            ft_w,
            ft_b,
            buckets,
            bucket_pieces,
            out_w,
            out_b,
        })
    }

    /// Refuses a net made for another board, piece set or feature count than `variant`'s.
    pub fn check_fits(
        &self,
        variant: &str,
        files: u8,
        ranks: u8,
        letters: &str,
        inputs: usize,
    ) -> Result<(), NetError> {
        let mismatch = |what: String| NetError::Mismatch {
            variant: variant.to_string(),
            what,
        };
        if (self.files, self.ranks) != (files, ranks) {
            return Err(mismatch(format!(
                "the net is for a {}x{} board (variant {}), the variant's is {files}x{ranks}",
                self.files, self.ranks, self.variant
            )));
        }
        if self.letters != letters {
            return Err(mismatch(format!(
                "the net's pieces are '{}' (variant {}), the variant's '{letters}'",
                self.letters, self.variant
            )));
        }
        if self.inputs != inputs {
            return Err(mismatch(format!(
                "the net has {} inputs, the variant's feature set {inputs}",
                self.inputs
            )));
        }
        Ok(())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).ok_or(NetError::Truncated(what))?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(NetError::Truncated(what))?;
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }
    fn i32(&mut self, what: &'static str) -> Result<i32, NetError> {
        Ok(i32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }
    fn text(&mut self, what: &'static str) -> Result<String, NetError> {
        let n = u16::from_le_bytes(self.take(2, what)?.try_into().expect("2 bytes")) as usize;
        let raw = self.take(n, what)?;
        String::from_utf8(raw.to_vec())
            .map_err(|_| NetError::Header(format!("{what} is not UTF-8")))
    }
    fn i16s(&mut self, n: usize, what: &'static str) -> Result<Vec<i16>, NetError> {
        let raw = self.take(n.checked_mul(2).ok_or(NetError::Truncated(what))?, what)?;
        Ok(raw
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        Network {
            variant: "chess".into(),
            files: 8,
            ranks: 8,
            letters: "pnbrqk".into(),
            inputs: 3,
            hidden: 2,
            scale: 400,
            ft_w: vec![1, -2, 3, -4, 5, -6],
            ft_b: vec![7, -8],
            buckets: 1,
            bucket_pieces: 32,
            out_w: vec![9, -10, 11, -12],
            out_b: vec![-13],
        }
    }

    #[test]
    fn round_trip_and_every_corruption_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        for cut in [0, 7, 20, bytes.len() - 9, bytes.len() - 1] {
            assert!(
                matches!(
                    Network::from_bytes(&bytes[..cut]),
                    Err(NetError::Truncated(_) | NetError::BadMagic)
                ),
                "cut at {cut}"
            );
        }
        let mut flipped = bytes.clone();
        let at = bytes.len() - 12;
        flipped[at] ^= 1;
        assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Network::from_bytes(&longer), Err(NetError::Trailing(1)));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Network::from_bytes(&version), Err(NetError::Version(9)));
        assert_eq!(
            Network::from_bytes(b"PK\x03\x04"),
            Err(NetError::Truncated("magic"))
        );
    }

    /// Nets of several output buckets keep them; a version-1 file (no bucket fields) reads
    /// as one bucket; a bucket count the file cannot hold is refused.
    #[test]
    fn output_buckets_round_trip_and_version_one_reads() {
        let mut net = tiny();
        net.buckets = 3;
        net.out_w = (0..12).collect();
        net.out_b = vec![-1, 0, 1];
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));

        // The same one-bucket net as version 1 wrote it: no bucket fields.
        let one = tiny();
        let v2 = one.to_bytes();
        let sizes = 8 + 4 + 4 + (2 + 5) + 2 + (2 + 6) + 4 + 4;
        let mut v1 = v2[..sizes].to_vec();
        v1[8..12].copy_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(&v2[sizes + 8..v2.len() - 8]);
        let sum = fnv1a(&v1);
        v1.extend_from_slice(&sum.to_le_bytes());
        let read = Network::from_bytes(&v1).expect("version 1");
        assert_eq!((read.buckets, read.bucket_pieces), (1, 1));
        assert_eq!((read.out_w, read.out_b), (one.out_w, one.out_b));

        let mut zero = v2.clone();
        zero[sizes..sizes + 4].copy_from_slice(&0u32.to_le_bytes());
        let at = zero.len() - 8;
        let sum = fnv1a(&zero[..at]);
        zero[at..].copy_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&zero),
            Err(NetError::Header(_))
        ));
    }

    #[test]
    fn a_net_for_another_board_or_piece_set_is_refused() {
        let net = tiny();
        assert!(net.check_fits("chess", 8, 8, "pnbrqk", 3).is_ok());
        let e = net.check_fits("xiangqi", 9, 10, "pnbrqk", 3).unwrap_err();
        assert!(e.to_string().contains("8x8 board"), "{e}");
        let e = net.check_fits("mine", 8, 8, "pnbrqkc", 3).unwrap_err();
        assert!(e.to_string().contains("pieces are 'pnbrqk'"), "{e}");
        assert!(net.check_fits("chess", 8, 8, "pnbrqk", 4).is_err());
    }
}
