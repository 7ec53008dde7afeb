"""What makes two pages « the same » to axe-core (``page_checks.skeleton``): the browser tests
run it once per skeleton, so a page left out must differ only in what axe's rules ignore."""

from page_checks import skeleton


def row(name: str, points: int) -> str:
    link = f'<a href="/j/{points}/">{name}</a>'
    return f'<tr id="p{points}"><th scope="row">{link}</th><td>{points}</td></tr>'


def page(*rows: str, label: str = "Classement") -> str:
    return f'<main><table aria-label="{label}"><tbody>{"".join(rows)}</tbody></table></main>'


def test_pages_differing_in_names_figures_and_row_counts_share_a_skeleton():
    four = page(*(row(f"Joueur {i}", 10 * i) for i in range(4)))
    twelve = page(*(row(f"Speler {i}", 7 + i) for i in range(12)), label="Stand")
    assert skeleton(four) == skeleton(twelve)


def test_what_axe_reads_makes_another_skeleton():
    base = page(row("Anne", 3))
    assert skeleton(base).count("<") == base.count("<")  # every tag kept, each text one T
    assert skeleton(page(row("Anne", 3), label="")) != skeleton(base)  # an empty label
    assert skeleton(page(row("", 3))) != skeleton(base)  # a link without a name
    assert skeleton(base.replace('scope="row"', "")) != skeleton(base)  # a header's scope
    assert skeleton(base.replace("<th", '<th class="muted"', 1)) != skeleton(base)  # colours
    assert skeleton(base.replace("<main>", '<main lang="nl">')) != skeleton(base)
