"""Bridge as values: cards, auctions, contracts, deals, play, boards, scores and
findings, with their notations; no law, no I/O."""
