"""The countries a text names (its states and provinces counted as their country), and the place
whose law a clause chooses ("the laws of the State of New York" -> New York, United States).

A gazetteer, not a reader of addresses: the names of the United States' states and of the countries
and provinces whose parties the contracts in ../shared/data come from, each mapped to its country.
A name that is both a state and a country ("Georgia") counts as the state. Pure, no ORM.
"""

from __future__ import annotations

import re

_US_STATES = (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
    "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
    "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
    "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio",
    "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas",
    "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming", "District of Columbia",
    "Puerto Rico", "United States", "United States of America", "U.S.A.", "U.S.", "USA",
)  # fmt: skip

# Other countries, and the provinces, nations and territories a contract names instead of them.
_ABROAD: dict[str, str] = {
    "People's Republic of China": "China", "P.R.C.": "China", "PRC": "China", "China": "China",
    "Beijing": "China", "Shanghai": "China", "Shenzhen": "China", "Guangzhou": "China", "Jiangsu": "China",
    "Hong Kong": "Hong Kong", "Macau": "Macau", "Taiwan": "Taiwan", "Republic of China": "Taiwan",
    "Canada": "Canada", "Ontario": "Canada", "Quebec": "Canada", "Québec": "Canada", "British Columbia": "Canada",
    "Alberta": "Canada", "Manitoba": "Canada", "Saskatchewan": "Canada", "Nova Scotia": "Canada",
    "New Brunswick": "Canada",
    "United Kingdom": "United Kingdom", "England": "United Kingdom", "Wales": "United Kingdom",
    "Scotland": "United Kingdom", "Northern Ireland": "United Kingdom",
    "Ireland": "Ireland", "Germany": "Germany", "France": "France", "Netherlands": "Netherlands",
    "Belgium": "Belgium", "Luxembourg": "Luxembourg", "Switzerland": "Switzerland", "Austria": "Austria",
    "Italy": "Italy", "Spain": "Spain", "Portugal": "Portugal", "Sweden": "Sweden", "Norway": "Norway",
    "Denmark": "Denmark", "Finland": "Finland", "Poland": "Poland", "Israel": "Israel", "India": "India",
    "Japan": "Japan", "Korea": "Korea", "Singapore": "Singapore", "Malaysia": "Malaysia", "Thailand": "Thailand",
    "Philippines": "Philippines", "Indonesia": "Indonesia", "Vietnam": "Vietnam", "Australia": "Australia",
    "New Zealand": "New Zealand", "Mexico": "Mexico", "Brazil": "Brazil", "Argentina": "Argentina",
    "Chile": "Chile", "South Africa": "South Africa", "Cayman Islands": "Cayman Islands",
    "British Virgin Islands": "British Virgin Islands", "Bermuda": "Bermuda", "Cyprus": "Cyprus",
    "Malta": "Malta", "Russia": "Russia", "Russian Federation": "Russia", "Ukraine": "Ukraine",
    "United Arab Emirates": "United Arab Emirates", "Dubai": "United Arab Emirates",
}  # fmt: skip

_COUNTRY: dict[str, str] = {**dict.fromkeys(_US_STATES, "United States"), **_ABROAD}
_NAMES = sorted(_COUNTRY, key=len, reverse=True)  # "New York" before "York", "Republic of China" before "China"
_PLACE = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in _NAMES) + r")(?![\w])")

# "the laws of the State of New York", "the laws of England and Wales", "the laws of Ontario and the
# federal laws of Canada applicable therein": the first place named after "laws of".
_LAW_OF = re.compile(
    r"\blaws?\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic)\s+of\s+)?"
    r"(?P<place>[A-Z][\w.'\u2019]*(?:\s+(?:of\s+)?[A-Z][\w.'\u2019]*){0,3})"
)


# The courts a contract submits to: "the courts of England and Wales", "the exclusive jurisdiction of
# [English and Welsh] courts", "the French courts".
_DEMONYM = {
    "English": "United Kingdom", "Welsh": "United Kingdom", "Scottish": "United Kingdom", "British": "United Kingdom",
    "Irish": "Ireland", "French": "France", "German": "Germany", "Dutch": "Netherlands", "Swiss": "Switzerland",
    "Canadian": "Canada", "Australian": "Australia", "Indian": "India", "Chinese": "China", "Japanese": "Japan",
    "Israeli": "Israel", "Singaporean": "Singapore", "Italian": "Italy", "Spanish": "Spain", "Swedish": "Sweden",
}  # fmt: skip
_COURTS_OF = re.compile(r"\bcourts?\s+(?:located\s+|sitting\s+)?(?:in|of)\s+(?:the\s+)?(?P<place>[^.;,()]{2,60})")
_NATIONAL_COURTS = re.compile(
    r"\b(?P<demonym>" + "|".join(_DEMONYM) + r")(?:\s+(?:and|or|&)\s+(?:" + "|".join(_DEMONYM) + r"))?\]?\s+courts?\b"
)


def forum_countries(text: str) -> set[str]:
    """The countries of the courts ``text`` submits disputes to, by the courts' place or their
    national adjective."""
    found = {_DEMONYM[m.group("demonym")] for m in _NATIONAL_COURTS.finditer(text)}
    for match in _COURTS_OF.finditer(text):
        found |= countries_named(match.group("place"))
    return found


def country_of(place: str) -> str:
    """The country ``place`` (a state, province or country as a contract writes it) lies in, or ""."""
    found = _PLACE.search(place)
    return _COUNTRY[found.group(0)] if found is not None else ""


def countries_named(text: str) -> set[str]:
    """Every country ``text`` names, itself or by one of its states or provinces."""
    return {_COUNTRY[m.group(0)] for m in _PLACE.finditer(text)}


_COUNTRY_NAMES = frozenset({"United States", "United States of America", "U.S.A.", "U.S.", "USA"})


def states_named(text: str) -> set[str]:
    """The United States' states ``text`` names ("Kansas", "New York"), not the country itself."""
    return {
        m.group(0) for m in _PLACE.finditer(text)
        if _COUNTRY[m.group(0)] == "United States" and m.group(0) not in _COUNTRY_NAMES
    }  # fmt: skip


def law_chosen(text: str) -> tuple[str, str] | None:
    """The place whose law ``text`` chooses and its country ("New York", "United States"), or None
    when it chooses none the gazetteer knows."""
    for found in _LAW_OF.finditer(text):
        place = _PLACE.match(found.group("place"))
        if place is not None:
            return place.group(0), _COUNTRY[place.group(0)]
    return None
