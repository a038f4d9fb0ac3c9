"""The Laws of Duplicate Bridge 2017, one module per law family, each named after the Laws
it holds.

The auction period: `information_from_withdrawn_calls` (16C), `auction_period` (17D),
`comparable_calls` (23), `cards_exposed_in_auction` (24), `changes_of_call` (25),
`lead_restrictions` (26, and the lead restriction as a value), `insufficient_bids` (27),
`calls_out_of_rotation` (28-32), `simultaneous_calls` (33), `inadmissible_calls` (35-39).
The auction laws also own their step in the walk over a case's calls
(`td_plugin.laws.auction.situations`): each says which situations are its own and rules on them.

The play period: `opening_leads_out_of_turn` (41A, 54), `played_cards` (45C, 47),
`penalty_cards` (50-52), `leads_out_of_turn` (53, 55, 56), `premature_plays` (57),
`simultaneous_plays` (58), `revokes` (61-64, a package: detection 61, correction 62,
establishment and rectification 63-64, redress 64C), `defective_tricks` (67)."""
