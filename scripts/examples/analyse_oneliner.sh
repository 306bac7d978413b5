# Best move of every position in an EPD file, one per line (needs jq).
dabbaba analyse --epd positions.epd --depth 8 --json | jq -r 'select(.type == "bestmove") | "\(.index) \(.bestmove_san // .bestmove) \(.score)"'
