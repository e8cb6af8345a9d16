"""The single-call API on the fixture index: the wire JSON as Python objects, options, and
every kind of bad input as a typed exception (never a crash)."""

from __future__ import annotations

import threading
from pathlib import Path

import pyarrow as pa
import pytest

import seoladh
from seoladh import errors

ADDRESS = "2 Dooroge Woods, Ballyboughal"
REPO = Path(__file__).resolve().parents[3]


def test_version_and_columns():
    assert seoladh.version() == seoladh.__version__
    assert seoladh.version().count(".") == 2
    assert seoladh.ANSWER_COLUMNS[:2] == ["result_code", "result"]
    assert seoladh.ANSWER_COLUMNS[-2:] == ["error_code", "error"]


def test_find_returns_the_wire_response(engine):
    r = engine.find(ADDRESS)
    assert list(r)[:4] == ["result", "isUniqueAddress", "postcode", "addressId"], "wire order"
    assert r["result"] == {"code": 100, "text": "PostcodeAppended"}
    assert r["postalAddress"][0] == "2 DOOROGE WOODS"
    assert r["postcode"] == "A41P9FY"
    assert r["input"]["address"] == ADDRESS
    assert r["links"][0]["rel"] == "self"
    # The Eircode alone finds the same address point.
    assert engine.find("A41 P9FY")["addressId"] == r["addressId"]


def test_options_change_the_answer(engine):
    irish = engine.find(ADDRESS, language="ga")
    assert irish["input"]["language"] == "ga"
    assert irish["postalAddress"] != engine.find(ADDRESS)["postalAddress"]
    profile = engine.profile_names()[0]
    assert engine.find(ADDRESS, address_profile=profile)["reformattedAddress"]
    extras = engine.find(ADDRESS, geographic=True, address_elements=True, vanity=True)
    assert extras["geographicAddress"] and extras["postalAddressElements"]


def test_find_id_autocomplete_and_ecad_data(engine):
    grouped = engine.find("Ballyboughal", limit=-1)
    assert grouped["options"], grouped["result"]
    option = grouped["options"][0]
    below = engine.find_id(option["addressId"])
    assert below["result"]["code"] != 0
    suggestions = engine.autocomplete("2 dooroge wo")
    assert suggestions["totalOptions"] > 0
    assert "DOOROGE" in suggestions["options"][0]["displayName"]
    data = engine.ecad_data(engine.find(ADDRESS)["addressId"])
    assert data["result"]["text"] == "EcadIdValid"
    assert engine.ecad_data(1)["result"]["text"] == "EcadIdInvalid"
    assert engine.ecad_data(1, history=True, administrative_release="2017")["result"]


def test_the_engine_is_shared_by_threads(engine):
    answers = {}

    def work(i: int) -> None:
        answers[i] = engine.find(ADDRESS)["addressId"]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(answers.values())) == 1 and len(answers) == 8


def test_resident_engine_answers_alike(index, engine):
    resident = seoladh.Engine(index, resident=True)
    assert resident.find(ADDRESS)["addressId"] == engine.find(ADDRESS)["addressId"]
    assert repr(resident).startswith("seoladh.Engine(")


@pytest.mark.parametrize(
    "kwargs",
    [{"language": "xx"}, {"country": "fr"}, {"limit": -2}],
)
def test_invalid_options_raise_invalid_option_error(engine, kwargs):
    with pytest.raises(errors.InvalidOptionError) as e:
        engine.find(ADDRESS, **kwargs)
    assert isinstance(e.value, ValueError) and isinstance(e.value, seoladh.SeoladhError)
    with pytest.raises(errors.InvalidOptionError):
        engine.find_arrow(pa.array(["x"]), **kwargs)


def test_unknown_profile(engine, index):
    # By default a name no profile has is answered with `default` (as `seoladh serve`).
    default = engine.find(ADDRESS, address_profile="default")["reformattedAddress"]
    assert engine.find(ADDRESS, address_profile="nope")["reformattedAddress"] == default
    strict = seoladh.Engine(index, unknown_profile="error")
    with pytest.raises(errors.UnknownProfileError, match="unknown address profile"):
        strict.find(ADDRESS, address_profile="nope")
    rows = strict.find_arrow(pa.array([ADDRESS]), address_profile="nope").to_pylist()
    assert rows[0]["error_code"] == 400012, "an error row, not an exception"
    with pytest.raises(errors.InvalidOptionError, match="unknown_profile"):
        seoladh.Engine(index, unknown_profile="ignore")
    with pytest.raises(errors.InvalidOptionError):
        engine.ecad_data(1, administrative_release="1999")


def test_profiles_file_adds_named_profiles(index):
    profiles = seoladh.Engine(index, profiles=REPO / "examples" / "profiles.toml")
    assert {"MagentoDefault", "default"} <= set(profiles.profile_names())
    lines = profiles.find(ADDRESS, address_profile="magento default")["reformattedAddress"]
    assert len(lines) == 4, "names match ignoring case and spaces"


def test_odd_text_is_answered_not_raised(engine):
    for text in ["", "   ", "\x00\x01", "x" * 100_000, "🏠" * 5_000, "A41 P9FY" * 1_000]:
        r = engine.find(text)
        assert r["result"]["code"] > 0
        assert engine.autocomplete(text)["totalOptions"] >= 0
    with pytest.raises(TypeError):
        engine.find(None)
    # The keyword options are checked by name and type as for any Python function.
    with pytest.raises(TypeError, match="unexpected keyword argument 'langauge'"):
        engine.find(ADDRESS, langauge="ga")
    with pytest.raises(TypeError, match="argument 'limit'"):
        engine.autocomplete(ADDRESS, limit="5")
    with pytest.raises(TypeError):
        engine.find_id(1, "en")


def test_missing_index(tmp_path):
    with pytest.raises(errors.SeoladhOSError) as e:
        seoladh.Engine(tmp_path / "missing.idx")
    assert isinstance(e.value, OSError) and e.value.errno == 2
    assert e.value.filename == str(tmp_path / "missing.idx")


def test_corrupt_indexes(tmp_path, index):
    garbage = tmp_path / "garbage.idx"
    garbage.write_bytes(b"not an index" * 100)
    with pytest.raises(errors.CorruptIndexError, match="not a seoladh index"):
        seoladh.Engine(garbage)
    whole = index.read_bytes()
    truncated = tmp_path / "truncated.idx"
    truncated.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(errors.CorruptIndexError):
        seoladh.Engine(truncated, resident=True)
    damaged = tmp_path / "damaged.idx"
    flipped = bytearray(whole)
    for at in range(len(whole) // 3, len(whole), 997):
        flipped[at] ^= 0x5A
    damaged.write_bytes(bytes(flipped))
    with pytest.raises(errors.IndexFileError):
        seoladh.Engine(damaged)
    empty = tmp_path / "empty.idx"
    empty.write_bytes(b"")
    with pytest.raises(errors.IndexFileError):
        seoladh.Engine(empty)


def test_build_index_errors(tmp_path):
    with pytest.raises(seoladh.SeoladhError):
        seoladh.build_index(tmp_path / "no-such-dir", tmp_path / "out.idx")
    (tmp_path / "empty").mkdir()
    with pytest.raises(errors.DataError, match="missing"):
        seoladh.build_index(tmp_path / "empty", tmp_path / "out.idx")


def test_profiles_file(tmp_path, index):
    bad = tmp_path / "profiles.toml"
    bad.write_text("[[profile]\nname = ")
    with pytest.raises(errors.ProfileConfigError):
        seoladh.Engine(index, profiles=bad)
    with pytest.raises(errors.SeoladhOSError):
        seoladh.Engine(index, profiles=tmp_path / "absent.toml")
