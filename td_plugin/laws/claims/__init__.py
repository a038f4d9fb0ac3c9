"""Claims and concessions: Laws 68-71 of the Laws of Duplicate Bridge 2017.

- `contested_claims`: the case (kind ``claim``) and the ruling: what a claim and a
  concession are (68), agreement and its withdrawal (69), the contested claim (70), a
  concession cancelled (71);
- `normal_lines`: the claimer's normal lines, played against the actual layout with the
  other side playing double dummy (70C-70E, 71B).
"""
