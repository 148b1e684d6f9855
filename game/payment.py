"""Cheapest payment for a Building or a Wonder (base rules §7, Agora Decrees D5–D8, D10–D11).

Brown/grey production is applied first (always optimal); then every owned choice producer
covers one still-missing unit; then up to `waive` of the remaining units are ignored
(Masonry, Architecture, Decrees); the rest is bought at the player's unit prices.
Waiving the dearest remaining units is optimal once the producers are assigned, so only
the producer assignment is searched (at most a few dozen combinations).
"""

from dataclasses import dataclass, field

from .data import RESOURCES

N_RES = len(RESOURCES)


@dataclass
class Payment:
    """What constructing something costs a player, and why. Built for the window's tooltips."""

    total: int                     # coins the player pays in all
    affordable: bool
    coin_cost: int = 0             # printed coin cost paid (0 if waived or free)
    trade: int = 0                 # coins spent buying resources
    chain: str = None              # chain symbol that made it free, if any
    chain_from_opponent: bool = False
    free_reason: str = None        # e.g. 'chain', 'corruption' (Senators)
    produced: dict = field(default_factory=dict)    # resource -> units from own brown/grey
    choices: list = field(default_factory=list)     # (producer name, resource)
    waived: list = field(default_factory=list)      # (source name, resource or 'coins')
    purchases: list = field(default_factory=list)   # (resource, units, unit_price, reason)
    trade_to_opponent: bool = False                 # Economy: trade coins go to the opponent


def _search(missing, choices, prices, waive):
    """Return (trade cost, chosen resource per producer (or None), waived units)."""
    best = [None, None, None]
    assign = [None] * len(choices)

    def finish():
        units = []
        for r in range(N_RES):
            if missing[r]:
                units.extend([prices[r]] * missing[r])
        units.sort(reverse=True)
        cost = sum(units[waive:])
        if best[0] is None or cost < best[0]:
            best[0], best[1] = cost, list(assign)

    def rec(k):
        if k == len(choices):
            finish()
            return
        useful = False
        for r in choices[k]:
            if missing[r]:
                useful = True
                missing[r] -= 1
                assign[k] = r
                rec(k + 1)
                missing[r] += 1
        if not useful:
            assign[k] = None
            rec(k + 1)
        assign[k] = None

    rec(0)
    return best[0], best[1]


_MEMO = {}
_MEMO_LIMIT = 200_000


def trade_cost(need, prod, choices, prices, waive) -> int:
    """Minimal coins to buy what `need` lacks after production, choices and waived units.

    Pure function of small tuples that recur constantly, so results are memoised.
    """
    for r in range(N_RES):
        if need[r] > prod[r]:
            break
    else:
        return 0                      # own production covers everything: no lookup needed
    key = (need, prod, choices, prices, waive)
    cost = _MEMO.get(key)
    if cost is None:
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        cost = _MEMO[key] = _trade_cost(need, prod, choices, prices, waive)
    return cost


def _trade_cost(need, prod, choices, prices, waive) -> int:
    missing = [0] * N_RES
    total_units = 0
    for r in range(N_RES):
        m = need[r] - prod[r]
        if m > 0:
            missing[r] = m
            total_units += m
    if total_units == 0 or total_units <= waive:
        return 0
    if not choices:
        if not waive:
            return sum(missing[r] * prices[r] for r in range(N_RES) if missing[r])
        units = []
        for r in range(N_RES):
            if missing[r]:
                units.extend([prices[r]] * missing[r])
        units.sort(reverse=True)
        return sum(units[waive:])
    return _search(missing, choices, prices, waive)[0]


def explain(need, prod, choices, choice_names, prices, price_reasons, waive, waive_sources):
    """The breakdown behind `trade_cost`: which producer made what, what was waived and bought."""
    missing = [max(0, need[r] - prod[r]) for r in range(N_RES)]
    produced = {RESOURCES[r]: min(need[r], prod[r]) for r in range(N_RES) if need[r] and prod[r]}
    cost, assign = _search(list(missing), choices, prices, waive) if choices else (None, [])
    used = []
    for k, r in enumerate(assign or ()):
        if r is not None:
            missing[r] -= 1
            used.append((choice_names[k], RESOURCES[r]))
    units = sorted(((prices[r], r) for r in range(N_RES) for _ in range(missing[r])), reverse=True)
    waived_units, bought = units[:waive], units[waive:]
    # Name each waived unit after the discount source that covered it, in order.
    sources = [s for s, n in waive_sources for _ in range(n)]
    waived = [(sources[i] if i < len(sources) else "discount", RESOURCES[r])
              for i, (_, r) in enumerate(waived_units)]
    purchases = {}
    for price, r in bought:
        purchases[r] = purchases.get(r, 0) + 1
    purchase_list = [(RESOURCES[r], n, prices[r], price_reasons[r]) for r, n in sorted(purchases.items())]
    return produced, used, waived, purchase_list, sum(p for p, _ in bought)
