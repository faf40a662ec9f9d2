ss -tanpie "( sport = :48543 or dport = :48543 )"
# exit status: 0
# while a python3 process held a listener on 127.0.0.1:48543 and six connections to it
