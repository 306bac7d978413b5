//! The files `dabbaba datagen` writes and `tune` and `train` read, in two formats.
//!
//! **Text**: one position a line, `FEN | SCORE | RESULT | GAME`, the search score in
//! centipawns and the result (1, 0.5 or 0) from White's point of view, and the game's number.
//!
//! **Binary** (`datagen --format binary`): whole games, so that a position costs a move and
//! a score instead of a FEN (about a fifth of the text's size). Little-endian throughout:
//!
//! | field | type |
//! |---|---|
//! | magic `DABGAMES` | 8 bytes |
//! | format version ([`VERSION`]) | u32 |
//! | variant name | u16 length + UTF-8 |
//! | then per game: length of the rest of the record | u32 |
//! | game number | u64 |
//! | result for White: 0 lost, 1 drawn, 2 won | u8 |
//! | the position after the random opening, as FEN | u16 length + UTF-8 |
//! | searched plies | u16 |
//! | per ply: the best move in UCI text | u8 length + UTF-8 |
//! | its search score for White, centipawns, clamped to i16 | i16 |
//! | flags: bit 0, the position is a training position | u8 |
//! | FNV-1a 64 checksum of the record from the game number on | u64 |
//!
//! A reader replays each game from its FEN with the variant's rules and yields the training
//! positions as the text format's lines: a move that is not legal, a wrong variant, a bad
//! checksum or a record cut short is an error naming the file and game, never a silent
//! misreading. `datagen` resumes a binary file after its last whole game (a game cut off by a
//! stop is dropped and played again).

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::board::Game;
use crate::eval::nnue::file::fnv1a;
use crate::variant::Variant;

const MAGIC: &[u8; 8] = b"DABGAMES";
/// The binary format's version.
pub const VERSION: u32 = 1;

/// One training position, as read from either format.
pub(super) struct Line {
    /// Where it was read (`FILE:LINE`, or `FILE: game N, ply K`), for error messages.
    pub at: String,
    pub fen: String,
    pub score: f32,
    pub result: f32,
    pub game: u64,
}

/// A played game as datagen records it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct GameRecord {
    pub number: u64,
    /// 1, 0.5 or 0.
    pub white_result: f32,
    /// The position after the random opening.
    pub start_fen: String,
    pub plies: Vec<Ply>,
}

/// One searched position of a game: the move chosen and its score.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Ply {
    pub uci: String,
    /// Centipawns, White's view.
    pub white_score: i32,
    /// The FEN of the position when it is a training position (quiet, not in check, no
    /// mate score).
    pub sample: Option<String>,
}

/// The output format of `datagen`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `FEN | SCORE | RESULT | GAME` lines.
    Text,
    /// Games as moves and scores (`nets/README.md`).
    Binary,
}

/// The format of an existing file, from its first bytes (None: empty or missing).
pub(super) fn format_of(path: &Path) -> anyhow::Result<Option<Format>> {
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(None);
    };
    let mut head = Vec::with_capacity(8);
    (&mut file)
        .take(8)
        .read_to_end(&mut head)
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(match head.len() {
        0 => None,
        _ if head == MAGIC => Some(Format::Binary),
        _ => Some(Format::Text),
    })
}

/// The header of a new binary file.
pub(super) fn binary_header(variant: &str) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(variant.len() as u16).to_le_bytes());
    out.extend_from_slice(variant.as_bytes());
    out
}

impl GameRecord {
    /// The game's text lines.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for p in &self.plies {
            if let Some(fen) = &p.sample {
                text.push_str(&format!(
                    "{fen} | {} | {} | {}\n",
                    p.white_score, self.white_result, self.number
                ));
            }
        }
        text
    }

    /// The game's binary record.
    pub fn to_binary(&self) -> anyhow::Result<Vec<u8>> {
        let mut body = Vec::with_capacity(64 + 8 * self.plies.len());
        body.extend_from_slice(&self.number.to_le_bytes());
        body.push((self.white_result * 2.0).round() as u8);
        let fen_len = u16::try_from(self.start_fen.len()).context("FEN too long")?;
        body.extend_from_slice(&fen_len.to_le_bytes());
        body.extend_from_slice(self.start_fen.as_bytes());
        let plies = u16::try_from(self.plies.len()).context("game too long")?;
        body.extend_from_slice(&plies.to_le_bytes());
        for p in &self.plies {
            let len = u8::try_from(p.uci.len()).context("move text too long")?;
            body.push(len);
            body.extend_from_slice(p.uci.as_bytes());
            let score = p.white_score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
            body.extend_from_slice(&score.to_le_bytes());
            body.push(u8::from(p.sample.is_some()));
        }
        let sum = fnv1a(&body);
        let mut out = Vec::with_capacity(body.len() + 12);
        out.extend_from_slice(&((body.len() + 8) as u32).to_le_bytes());
        out.extend_from_slice(&body);
        out.extend_from_slice(&sum.to_le_bytes());
        Ok(out)
    }
}

/// A binary file's games, undecoded: the variant, each record's body with its offset, and
/// where the last whole record ends (less than the file's length when a stop cut one off).
struct BinaryFile {
    variant: String,
    records: Vec<(usize, Vec<u8>)>,
    whole_until: usize,
}

fn split_binary(bytes: &[u8], shown: &str) -> anyhow::Result<BinaryFile> {
    let mut r = Cursor { bytes, at: 0 };
    let header = |e: &str| anyhow::anyhow!("{shown}: {e} in the header");
    if r.take(8).ok_or_else(|| header("cut off"))? != MAGIC {
        bail!("{shown}: not a binary data file");
    }
    let version = r.u32().ok_or_else(|| header("cut off"))?;
    if version != VERSION {
        bail!("{shown}: binary data version {version}, this engine reads version {VERSION}");
    }
    let variant = r.text16().ok_or_else(|| header("bad variant name"))?;
    let mut records = Vec::new();
    let mut whole_until = r.at;
    while r.at < bytes.len() {
        let start = r.at;
        let Some(len) = r.u32() else { break };
        let Some(record) = r.take(len as usize) else {
            break;
        };
        if record.len() < 8 {
            bail!("{shown}: the record at byte {start} is too short");
        }
        let (body, sum) = record.split_at(record.len() - 8);
        if fnv1a(body).to_le_bytes() != sum {
            bail!("{shown}: the record at byte {start} is corrupted (checksum)");
        }
        records.push((start, body.to_vec()));
        whole_until = r.at;
    }
    Ok(BinaryFile {
        variant,
        records,
        whole_until,
    })
}

/// A binary record read back: the plies as (move, score, training position or not).
struct Decoded {
    number: u64,
    result: f32,
    fen: String,
    plies: Vec<(String, i32, bool)>,
}

fn decode(body: &[u8]) -> Option<Decoded> {
    let mut r = Cursor { bytes: body, at: 0 };
    let number = u64::from_le_bytes(r.take(8)?.try_into().ok()?);
    let result = match r.take(1)?[0] {
        0 => 0.0,
        1 => 0.5,
        2 => 1.0,
        _ => return None,
    };
    let fen = r.text16()?;
    let n = u16::from_le_bytes(r.take(2)?.try_into().ok()?);
    let mut plies = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let len = r.take(1)?[0] as usize;
        let uci = String::from_utf8(r.take(len)?.to_vec()).ok()?;
        let score = i16::from_le_bytes(r.take(2)?.try_into().ok()?) as i32;
        let flags = r.take(1)?[0];
        plies.push((uci, score, flags & 1 != 0));
    }
    (r.at == body.len()).then_some(Decoded {
        number,
        result,
        fen,
        plies,
    })
}

/// The game numbers already in a datagen output file, and for a binary file where its last
/// whole game ends (to cut a game a stop left unfinished).
pub(super) fn games_in(path: &Path) -> anyhow::Result<(Vec<u64>, Option<usize>)> {
    let shown = path.display().to_string();
    match format_of(path)? {
        None => Ok((Vec::new(), None)),
        Some(Format::Text) => {
            let file = std::fs::File::open(path).with_context(|| format!("cannot read {shown}"))?;
            let mut out = Vec::new();
            for line in BufReader::new(file).lines() {
                let line = line.with_context(|| format!("cannot read {shown}"))?;
                if let Some(n) = line.rsplit('|').next().and_then(|g| g.trim().parse().ok()) {
                    out.push(n);
                }
            }
            Ok((out, None))
        }
        Some(Format::Binary) => {
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {shown}"))?;
            let file = split_binary(&bytes, &shown)?;
            let numbers = file
                .records
                .iter()
                .map(|(at, body)| {
                    body.get(..8)
                        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
                        .with_context(|| format!("{shown}: the record at byte {at} is too short"))
                })
                .collect::<anyhow::Result<Vec<u64>>>()?;
            Ok((numbers, Some(file.whole_until)))
        }
    }
}

/// The variant a binary file was written for (None for a text file or an empty one).
pub(super) fn binary_variant(path: &Path) -> anyhow::Result<Option<String>> {
    if format_of(path)? != Some(Format::Binary) {
        return Ok(None);
    }
    let shown = path.display().to_string();
    let mut head = Vec::new();
    std::fs::File::open(path)
        .with_context(|| format!("cannot read {shown}"))?
        .take(8 + 4 + 2 + u16::MAX as u64)
        .read_to_end(&mut head)
        .with_context(|| format!("cannot read {shown}"))?;
    let mut r = Cursor {
        bytes: &head,
        at: 12,
    };
    Ok(Some(r.text16().with_context(|| {
        format!("{shown}: bad variant name in the header")
    })?))
}

/// Reads training positions from files of either format (detected by their first bytes),
/// at most `limit`. Binary games are replayed with `variant`'s rules, which must be the
/// variant they were written for.
pub(super) fn read_data(
    paths: &[PathBuf],
    limit: Option<usize>,
    variant: &Variant,
) -> anyhow::Result<Vec<Line>> {
    let mut out = Vec::new();
    for path in paths {
        match format_of(path)? {
            Some(Format::Binary) => read_binary(path, variant, &mut out, limit)?,
            _ => read_text(path, &mut out, limit)?,
        }
        if limit.is_some_and(|n| out.len() >= n) {
            break;
        }
    }
    Ok(out)
}

fn read_text(path: &Path, out: &mut Vec<Line>, limit: Option<usize>) -> anyhow::Result<()> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    for (k, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), k + 1);
        let parsed = parse_line(&line, at.clone()).map_err(|e| anyhow::anyhow!("{at}: {e}"))?;
        out.push(parsed);
        if limit.is_some_and(|n| out.len() >= n) {
            break;
        }
    }
    Ok(())
}

fn read_binary(
    path: &Path,
    variant: &Variant,
    out: &mut Vec<Line>,
    limit: Option<usize>,
) -> anyhow::Result<()> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {shown}"))?;
    let file = split_binary(&bytes, &shown)?;
    if file.variant != variant.name {
        bail!(
            "{shown}: games of variant {}, not {}",
            file.variant,
            variant.name
        );
    }
    if file.whole_until < bytes.len() {
        bail!(
            "{shown}: the game at byte {} is cut off (run datagen again to finish it)",
            file.whole_until
        );
    }
    for (at, body) in &file.records {
        let Decoded {
            number,
            result,
            fen,
            plies,
        } = decode(body)
            .with_context(|| format!("{shown}: the record at byte {at} does not decode"))?;
        let mut pos = Game::new(variant, Some(&fen), variant.chess960)
            .map_err(|e| anyhow::anyhow!("{shown}: game {number}: {fen}: {e}"))?;
        for (k, (uci, score, sample)) in plies.into_iter().enumerate() {
            if sample {
                out.push(Line {
                    at: format!("{shown}: game {number}, ply {k}"),
                    fen: pos.fen(),
                    score: score as f32,
                    result,
                    game: number,
                });
                if limit.is_some_and(|n| out.len() >= n) {
                    return Ok(());
                }
            }
            // Only a legal move is played (the move is looked up among the legal ones).
            let before = pos.fen();
            pos.play_uci(&[uci])
                .map_err(|e| anyhow::anyhow!("{shown}: game {number}, ply {k}: {e} in {before}"))?;
        }
    }
    Ok(())
}

fn parse_line(text: &str, at: String) -> Result<Line, String> {
    let f: Vec<&str> = text.split('|').map(str::trim).collect();
    if f.len() != 4 {
        return Err(format!(
            "expected 'FEN | SCORE | RESULT | GAME', found {} fields",
            f.len()
        ));
    }
    let score = f[1]
        .parse::<f32>()
        .map_err(|_| format!("score '{}' is not a number", f[1]))?;
    let result = match f[2] {
        "1" | "1.0" => 1.0,
        "0.5" => 0.5,
        "0" | "0.0" => 0.0,
        r => return Err(format!("result '{r}' is not 1, 0.5 or 0")),
    };
    let game = f[3]
        .parse::<u64>()
        .map_err(|_| format!("game '{}' is not a number", f[3]))?;
    Ok(Line {
        at,
        fen: f[0].to_string(),
        score,
        result,
        game,
    })
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn text16(&mut self) -> Option<String> {
        let n = u16::from_le_bytes(self.take(2)?.try_into().ok()?) as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}
