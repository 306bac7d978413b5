//! XBetza: parsing piece descriptions into an IR, walking them on a board, printing them back.
