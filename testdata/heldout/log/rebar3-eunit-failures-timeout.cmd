cd /tmp/qa2/rb/ledger && TERM=dumb rebar3 eunit 2>&1
# exit status: 1
# eunit_opts [no_tty, {report, {eunit_progress, [profile]}}] (no colour): 5 failing assertions in a cents library (split rounding, parse of "7", fmt padding, map size) and a test that times out
