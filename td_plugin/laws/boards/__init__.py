"""When a board goes wrong at the table: the Laws of the board itself and of the movement,
each module a kind of case (`td_plugin.laws.FAMILIES`) ruled on its facts like the play
period's kinds.

`artificial_scores` (12C2, kind ``no_result``: no result can be obtained), `wrong_boards`
(15, ``wrong_board``: a board or a hand played by the wrong players),
`incorrect_numbers_of_cards` (13, ``wrong_cards``), `missing_cards` (14, ``missing_card``),
`fouled_boards` (87, ``fouled_board``); `scores` holds what they share: the fault of each
side and the artificial adjusted score it gives (12C2(a)), an assigned score (12C1), and
the shape of an entry of the Director's adjustments list that each ruling ends in.
"""
