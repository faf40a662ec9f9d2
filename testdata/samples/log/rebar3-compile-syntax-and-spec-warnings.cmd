cd /tmp/qa2/rb/inventory && TERM=dumb rebar3 compile 2>&1
# exit status: 1
# rebar3 3.19 / OTP 25, erl_opts warn_missing_spec_all: a case clause missing its ';' (syntax error), an exported function then undefined, a call to an undefined function, and many missing-spec/unused warnings
