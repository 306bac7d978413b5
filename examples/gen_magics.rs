//! Prints the magics this crate finds for 8x8 rook and bishop lines, in the form used by
//! `src/board/attacks/magic_8x8.rs`: `cargo run --release --example gen_magics`.

use dabbaba::board::attacks::{LineAttacks, LineMethod, LineSpec};
use dabbaba::board::Geometry;

fn main() {
    let geo = Geometry::new(8, 8).expect("8x8 is valid");
    for (name, spec) in [("ROOK", LineSpec::ROOK), ("BISHOP", LineSpec::BISHOP)] {
        let table =
            LineAttacks::<u64>::with_method(&geo, &spec, LineMethod::Magic { per_line: false })
                .expect("8x8 magics exist");
        println!("const {name}: [(u64, u32); 64] = [");
        for sq in geo.squares() {
            let (magic, bits) = table.magic_of(sq).expect("magic table");
            println!("    ({magic:#018x}, {bits}),");
        }
        println!("];");
    }
}
