# %% [markdown]
# # Dabbaba from Python
#
# A notebook in plain Python (`# %%` cells, as Jupyter, VS Code and jupytext read them).
# Build the module first (python/README.md), then run the cells, or the whole file:
#
#     python3 examples/python/notebook.py [OUTPUT_DIR]
#
# In a notebook every `Board` shows itself as a picture; run as a script, the pictures are
# written to OUTPUT_DIR (default: examples/python/, where the recorded ones are kept and
# python/tests/test_example.py compares a fresh run with them).

# %%
import os
import sys

import dabbaba

out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
os.makedirs(out_dir, exist_ok=True)


def show(name, picture):
    """In a notebook, the last expression of a cell is drawn; here, the SVG is saved."""
    with open(os.path.join(out_dir, name + ".svg"), "w", encoding="utf-8") as fh:
        fh.write(picture)
    print(f"{name}.svg: {len(picture)} bytes")


# %% [markdown]
# ## Xiangqi: a few moves, the SAN and WXF notations, the board

# %%
board = dabbaba.Board("xiangqi")
for move in ["h3e3", "h10g8", "h1g3", "i10h10"]:
    board.push(move)
print(board.san_moves())                                # ['Che3', 'Hg8', 'Hg3', 'Rh10']
print(board.san_moves(dabbaba.NOTATION_XIANGQI_WXF))    # ['C2=5', 'H8+7', 'H2+3', 'R9=8']
show("xiangqi", board.svg(arrows=[("b3", "b10")]))      # a cannon's threat

# %% [markdown]
# ## Shogi: a drop, Hodges notation, the hands drawn beside the board

# %%
shogi = dabbaba.Board("shogi")
for move in ["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"]:
    shogi.push(move)
print(shogi.san_moves())        # the variant's default: Hodges with numbers
show("shogi", shogi.svg())

# %% [markdown]
# ## Chu Shogi (12x12): what pyffish cannot play, and a search

# %%
chu = dabbaba.Board("chu")
print(len(chu.legal_moves()), "legal moves at the start")
best = dabbaba.analyse("chu", "startpos", [], nodes=20000)[0]
print("after 20k nodes:", best["pv"][:3], best["score"])
show("chu", chu.svg())

# %% [markdown]
# ## A game to its end

# %%
game = dabbaba.Board("chess")
for san in ["f3", "e5", "g4", "Qh4#"]:
    game.push_san(san)
print(game.result(), game.fen())        # 0-1
show("fools-mate", game.svg())
