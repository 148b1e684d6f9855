"""The hosting window's server takes its away limit and the clock's minute from the
environment (#44 point 17): AGORA_DUEL_AWAY_CLAIM_SECONDS, AGORA_DUEL_MINUTE_SECONDS; a bad
value is named in one warning and the default holds."""
import online_ui_support  # noqa: F401  (loopback only)

import logging

from ui.table import online_link


def test_the_hosted_server_reads_the_away_limit_and_the_minute_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("AGORA_DUEL_AWAY_CLAIM_SECONDS", "4.5")
    monkeypatch.setenv("AGORA_DUEL_MINUTE_SECONDS", "2")
    try:
        port = online_link.host(tmp_path / "server", 0)
        assert port
        server = online_link.HOSTED["server"]
        assert server.config.limits.away_claim_seconds == 4.5
        assert server.config.minute_seconds == 2.0
    finally:
        online_link.stop_hosting()


def test_bad_values_are_named_in_a_warning_and_the_defaults_hold(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("AGORA_DUEL_AWAY_CLAIM_SECONDS", "soon")
    monkeypatch.setenv("AGORA_DUEL_MINUTE_SECONDS", "-3")
    with caplog.at_level(logging.WARNING):
        config = online_link.server_config(tmp_path, "127.0.0.1", 0)
    assert config.limits.away_claim_seconds == 300.0 and config.minute_seconds == 60.0
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("AGORA_DUEL_AWAY_CLAIM_SECONDS" in w for w in warned)
    assert any("AGORA_DUEL_MINUTE_SECONDS" in w for w in warned)


def test_without_them_the_defaults(tmp_path, monkeypatch):
    monkeypatch.delenv("AGORA_DUEL_AWAY_CLAIM_SECONDS", raising=False)
    monkeypatch.delenv("AGORA_DUEL_MINUTE_SECONDS", raising=False)
    config = online_link.server_config(tmp_path, "127.0.0.1", 0)
    assert config.limits.away_claim_seconds == 300.0 and config.minute_seconds == 60.0
