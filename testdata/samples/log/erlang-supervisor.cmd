erlc sup.erl && erl -noshell -kernel logger_level info -s sup start  # a supervisor restarting a crashing worker until reached_max_restart_intensity
