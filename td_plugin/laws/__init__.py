"""The Laws of Duplicate Bridge 2017, one module per law family, each named after the Laws
it holds: `information` (16C), `auction_period` (17D), `comparable` (23),
`changes_of_call` (25), `lead_restrictions` (26, and the lead restriction as a value),
`insufficient_bids` (27), `out_of_rotation` (28-32), `simultaneous_calls` (33),
`inadmissible` (35-39), `revokes` (61-64). The auction laws also own their step in the
walk over a case's calls (`td_plugin.incidents`): each says which situations are its own
and rules on them."""
